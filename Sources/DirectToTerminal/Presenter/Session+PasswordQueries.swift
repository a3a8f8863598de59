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
    rules.passwordQueryRefusal(paths, from: entity, asWhat: asWhat)
  }

  /// Whether the rules let this password-like attribute be queried.
  func allowsPasswordQueries(_ attribute: Attribute, of entity: Entity) -> Bool {
    rules.allowsPasswordQueries(attribute, of: entity)
  }

  /// The attribute a key path ends at and its entity (`address.phone` → Address, phone).
  func attribute(at path: String, from entity: Entity) -> (entity: Entity, attribute: Attribute)? {
    rules.attribute(at: path, from: entity)
  }
}
