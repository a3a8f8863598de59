import Access
import Qualifiers

/// The default property keys of an entity for each task, as Direct to SwiftUI chooses
/// them: foreign-key columns give way to their to-one relationships, binary and
/// password columns stay out of lists.
enum PropertyKeys {
  /// Columns of a list: attributes (not foreign keys, binaries, passwords or long
  /// internal vectors) and to-one relationships where their key column was.
  static func list(_ entity: Entity) -> [String] {
    ordered(entity, includeToMany: false).filter { key in
      guard let attribute = entity[attribute: key] else { return true }
      switch attribute.valueType {
      case .binary, .other("tsvector"): return false
      default: return !attribute.isPassword
      }
    }
  }

  /// Everything an inspector shows: attributes, to-ones, then the inverse relationships
  /// (to-manys, the to-one back from a unique key, flattened many-to-manys).
  static func inspect(_ entity: Entity) -> [String] {
    ordered(entity, includeToMany: true)
  }

  /// What an editor edits: attributes and to-ones.
  /// The attributes and to-ones, then the many-to-manys whose members are edited (as
  /// Django admin's `filter_horizontal` fields).
  static func edit(_ entity: Entity) -> [String] {
    ordered(entity, includeToMany: false)
      + entity.relationships.filter { $0.flattenedThrough != nil && $0.isMembershipEditable }.map {
        PropertyPath.quoted($0.name)
      }
  }

  private static func ordered(_ entity: Entity, includeToMany: Bool) -> [String] {
    let toOnes = entity.relationships.filter { !$0.isInverse }
    var keys: [String] = []
    var placed = Set<String>()
    for attribute in entity.attributes {
      if let relationship = toOnes.first(where: { $0.joins.contains { $0.source == attribute.name } }) {
        if !placed.contains(relationship.name) {
          keys.append(PropertyPath.quoted(relationship.name))
          placed.insert(relationship.name)
        }
      } else {
        keys.append(PropertyPath.quoted(attribute.name))
      }
    }
    if includeToMany {
      keys += entity.relationships.filter(\.isInverse).map { PropertyPath.quoted($0.name) }
    }
    return keys
  }
}
