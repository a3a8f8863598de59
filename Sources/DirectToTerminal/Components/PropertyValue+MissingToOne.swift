import Access
import Qualifiers

extension PropertyValue {
  /// The to-one `key` of `row` when the row holds a whole key (`joins`' source columns, none
  /// NULL) but no related row was joined (its key read through the join is NULL): a
  /// dangling reference, named by the key it holds. Nil when there is a related row or no key.
  static func missingToOne(_ key: String, joins: [Relationship.Join], in row: Row) -> PropertyValue? {
    guard !joins.isEmpty else { return nil }
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
