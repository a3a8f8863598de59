import Access
import Qualifiers
import Rules

/// The app's rule for password-like properties, for programs outside the app (`d2t
/// export`): such a property is never exported and cannot be filtered or sorted on unless
/// a rule sets `allowsPasswordQueries <= true` for it — the same rules, the same words as
/// the app's filters and sorts (`Session.passwordQueryRefusal`).
public struct PasswordPolicy {
  let environment: RuleEnvironment

  /// The policy of `rules` (with d2t's defaults under them) for `model`.
  public init(model: Model, rules: RuleModel) {
    environment = RuleEnvironment(rules: rules, model: model, user: nil, debug: false)
  }

  /// The policy of rule files (`*.rules` text, read by the caller) for `model`; the
  /// files' errors are returned, and the files that loaded still apply.
  public static func loading(_ files: [RuleFile], model: Model) -> (PasswordPolicy, [RuleDiagnostic]) {
    var loader = RuleLoader(registry: .d2t)
    let diagnostics = loader.load(files)
    return (PasswordPolicy(model: model, rules: loader.model), diagnostics)
  }

  /// Why the key paths (from `entity`) cannot be used `asWhat` ("in a filter", "to sort",
  /// "in an export"), or nil when none is a password-like property the rules keep hidden.
  public func refusal(_ paths: [String], from entity: Entity, asWhat: String) -> String? {
    environment.passwordQueryRefusal(paths, from: entity, asWhat: asWhat)
  }

  /// The entity's attributes an export writes when no columns are named: all but the
  /// password-like ones the rules keep hidden.
  public func exportedAttributes(of entity: Entity) -> [Attribute] {
    entity.attributes.filter { !$0.isPassword || environment.allowsPasswordQueries($0, of: entity) }
  }
}

extension RuleEnvironment {
  /// See `Session.passwordQueryRefusal`.
  func passwordQueryRefusal(_ paths: [String], from entity: Entity, asWhat: String) -> String? {
    for path in paths {
      guard let found = attribute(at: path, from: entity), found.attribute.isPassword,
        !allowsPasswordQueries(found.attribute, of: found.entity)
      else { continue }
      return "\(path) is password-like: it cannot be used \(asWhat) (a rule 'allowsPasswordQueries <= true' allows it)"
    }
    return nil
  }

  func allowsPasswordQueries(_ attribute: Attribute, of entity: Entity) -> Bool {
    context(task: .list, entity: entity, propertyKey: attribute.name).bool("allowsPasswordQueries")
  }

  /// The attribute a key path ends at and its entity (`address.phone` → Address, phone).
  func attribute(at path: String, from entity: Entity) -> (entity: Entity, attribute: Attribute)? {
    var current = entity
    let parts = PropertyPath(path).components
    for part in parts.dropLast() {
      guard let relationship = current[relationship: part], let next = model[entity: relationship.destination]
      else { return nil }
      current = next
    }
    guard let last = parts.last, let attribute = current[attribute: last] else { return nil }
    return (current, attribute)
  }
}
