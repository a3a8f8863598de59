import Access
import Qualifiers

extension Qualifier {
  /// `id = 972` (as an `and`, keys in name order): the row with these key values.
  public static func matching(_ key: [String: DatabaseValue]) -> Qualifier {
    .and(
      key.sorted { $0.key < $1.key }.map {
        .comparison(PropertyPath(key: $0.key), .equal, $0.value.qualifierValue)
      })
  }

  /// The destination rows of a to-many relationship from `row`: `customerId = 5`; for a
  /// flattened many-to-many, through the destination's to-many to the join entity
  /// (`filmActors.filmId = 7`).
  static func related(by joins: [Relationship.Join], through path: [String] = [], to row: Row) -> Qualifier {
    let conditions = joins.map { join -> Qualifier in
      .comparison(
        PropertyPath(components: path + [join.destination]), .equal,
        (row[join.source] ?? .null).qualifierValue)
    }
    return conditions.count == 1 ? conditions[0] : .and(conditions)
  }
}

extension Array where Element == Relationship.Join {
  /// Each join's destination attribute with its source's value (NULL where there is none):
  /// what a row on the far side takes to be linked.
  func destinationValues(from source: (String) -> DatabaseValue?) -> [String: DatabaseValue] {
    Dictionary(map { ($0.destination, source($0.source) ?? .null) }, uniquingKeysWith: { first, _ in first })
  }
}
