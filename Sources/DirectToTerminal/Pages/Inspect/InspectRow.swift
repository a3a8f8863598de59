import Access
import Qualifiers

/// One line of an inspector.
struct InspectRow: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case attribute
    /// `joins`: to tell a row with no related row from one whose key names a missing row.
    case toOne(destination: String, joins: [Relationship.Join])
    /// `through`: a flattened to-many's path from the destination to the join entity.
    case toMany(destination: String, joins: [Relationship.Join], through: [String])
  }

  var presentation: PropertyPresentation
  var kind: Kind
  /// The to-one is the inverse of a one-to-one: no related row is none, not a dangling key.
  var isInverse = false

  var propertyKey: String { presentation.propertyKey }
  var label: String { presentation.label }
}

extension InspectRow {
  /// One row per `displayPropertyKeys` entry of the inspect task.
  static func rows(_ entity: Entity, in session: Session) -> [InspectRow] {
    let keys =
      session.context(task: .inspect, entity: entity).strings("displayPropertyKeys") ?? PropertyKeys.inspect(entity)
    return keys.compactMap { key -> InspectRow? in
      if session.reachesHidden(key, from: entity) { return nil }
      let kind: InspectRow.Kind
      if let relationship = entity[relationship: key] {
        kind =
          relationship.isToMany
          ? .toMany(
            destination: relationship.destination, joins: relationship.joins,
            through: relationship.destinationPath)
          : .toOne(destination: relationship.destination, joins: relationship.joins)
      } else if entity[attribute: key] != nil || key.contains(".") {
        kind = .attribute
      } else {
        return nil
      }
      return InspectRow(
        presentation: session.presentation(
          task: .inspect, entity: entity, propertyKey: key, component: "DisplayString"),
        kind: kind, isInverse: entity[relationship: key].map { !$0.isToMany && $0.isInverse } ?? false)
    }
  }

  /// The key of the row a to-one points to, read from the fetched key paths.
  static func toOneKey(_ property: InspectRow, row: Row, entity: Entity) -> [String: DatabaseValue]? {
    guard let relationship = entity[relationship: property.propertyKey] else { return nil }
    var key: [String: DatabaseValue] = [:]
    for join in relationship.joins {
      guard let value = row[property.propertyKey + "." + PropertyPath.quoted(join.destination)], !value.isNull else {
        return nil
      }
      key[join.destination] = value
    }
    return key
  }
}
