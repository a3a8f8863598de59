import Access
import Qualifiers
import Rules

/// The key paths the rules read from `object` through relationships, per entity
/// (`object.language.name`, `object.actors.lastName`): the pages fetch them with each row, so
/// a rule through a to-one or a to-many reads what it names (a to-many's as "some related
/// row"). Paths the model cannot fetch (unknown keys, a second to-many, arrays and bytes
/// read through a to-many) are left out; `d2t rules check --database` names them.
struct RuleObjectPaths {
  private var byEntity: [String: [PropertyPath]] = [:]

  init(rules: RuleModel, model: Model) {
    var seen: Set<[String]> = []
    var paths: [[String]] = []
    for rule in rules.rules + rules.defaults {
      for path in rule.predicate?.keyPaths ?? [] where path.components.count > 2 && path.components[0] == "object" {
        let rest = Array(path.components.dropFirst())
        if seen.insert(rest).inserted { paths.append(rest) }
      }
    }
    guard !paths.isEmpty else { return }
    for entity in model.entities {
      let fetchable = paths.filter { Self.isFetchable($0, from: entity, in: model) }
      if !fetchable.isEmpty { byEntity[entity.name] = fetchable.map { PropertyPath(components: $0) } }
    }
  }

  /// The paths to fetch with each row of `entity`.
  subscript(entity: String) -> [PropertyPath] { byEntity[entity] ?? [] }

  /// Relationships up to the last key, at most one of them to-many, and an attribute at the
  /// end (a scalar one after a to-many: its values are gathered into one array).
  private static func isFetchable(_ components: [String], from entity: Entity, in model: Model) -> Bool {
    var current = entity
    var crossedToMany = false
    for key in components.dropLast() {
      guard let relationship = current[relationship: key],
        let next = model[entity: relationship.destination]
      else { return false }
      if relationship.isToMany {
        if crossedToMany { return false }
        crossedToMany = true
      }
      current = next
    }
    guard let last = components.last, let attribute = current[attribute: last] else { return false }
    switch attribute.valueType {
    case .array, .binary: return !crossedToMany
    default: return true
    }
  }
}
