import Access
import Qualifiers

extension PropertyValue {
  /// The to-one `key` of `row` when the row holds a whole key (`joins`' source columns, none
  /// NULL) but no related row was joined (its key read through the join is NULL): a
  /// dangling reference, named by the key it holds. Nil when there is a related row or no key,
  /// and for the inverse of a one-to-one (`isInverse`: the related table holds the key, so
  /// no related row is simply none — Film → Film Text before its text is written).
  static func missingToOne(
    _ key: String, joins: [Relationship.Join], in row: Row, isInverse: Bool = false
  ) -> PropertyValue? {
    guard !joins.isEmpty, !isInverse else { return nil }
    var held: [String] = []
    for join in joins {
      guard let value = row[join.source], !value.isNull else { return nil }
      // Not fetched (nil) says nothing; a related row has its key.
      guard let related = row[key + "." + PropertyPath.quoted(join.destination)], related.isNull else { return nil }
      held.append(value.plainText)
    }
    return .missingToOne(key: held.joined(separator: ", "))
  }
}
