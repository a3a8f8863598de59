import Access
import Qualifiers
import Rules

/// Password-like properties are hidden everywhere, so they must not be queryable either:
/// `password like '8cb2*'` in a filter would reveal a hash a character at a time through
/// the row count. Filters, quick filters, searches and sorts refuse them unless a rule
/// sets `allowsPasswordQueries <= true` for the property.
extension Session {
  /// Why the key paths (from `entity`) cannot be used `asWhat` ("in a filter", "to
  /// sort"), or nil when none is a password-like property the rules keep hidden.
  func passwordQueryRefusal(_ paths: [String], from entity: Entity, asWhat: String) -> String? {
    for path in paths {
      guard let found = attribute(at: path, from: entity), found.attribute.isPassword,
        !allowsPasswordQueries(found.attribute, of: found.entity)
      else { continue }
      return "\(path) is password-like: it cannot be used \(asWhat) (a rule 'allowsPasswordQueries <= true' allows it)"
    }
    return nil
  }

  /// Whether the rules let this password-like attribute be queried.
  func allowsPasswordQueries(_ attribute: Attribute, of entity: Entity) -> Bool {
    context(task: .list, entity: entity, propertyKey: attribute.name).bool("allowsPasswordQueries")
  }

  /// The attribute a key path ends at and its entity (`address.phone` → Address, phone).
  func attribute(at path: String, from entity: Entity) -> (entity: Entity, attribute: Attribute)? {
    var current = entity
    let parts = path.split(separator: ".").map(String.init)
    for part in parts.dropLast() {
      guard let relationship = current[relationship: part], let next = model[entity: relationship.destination]
      else { return nil }
      current = next
    }
    guard let last = parts.last, let attribute = current[attribute: last] else { return nil }
    return (current, attribute)
  }
}
