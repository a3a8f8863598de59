/// A query of the data source, opaque to qualifiers: the rows a console statement returned,
/// marked whole (`*`). `Qualifier.among` matches the rows whose key is among the query's;
/// the data layer runs `text` again as a subquery, each `QuerySource.slot` in it a
/// parameter bound to the next of `values`. In memory it matches nothing.
public struct QuerySource: Hashable, Sendable {
  /// The statement, with a `slot` for each of `values`.
  public var text: String
  public var values: [QualifierValue]
  /// For each key path (the entity's key attributes), the query's column holding it.
  public var columns: [PropertyPath: String]

  /// Where a parameter goes in `text` (a character no statement holds).
  public static let slot = "\u{1}"

  public init(text: String, values: [QualifierValue] = [], columns: [PropertyPath: String]) {
    self.text = text
    self.values = values
    self.columns = columns
  }
}
