import Qualifiers

/// One result row: column names and their values, in select-list order.
public struct Row: Hashable, Sendable {
  /// The column labels, shared by every row of one result.
  public let columns: [String]
  public var values: [DatabaseValue]

  public init(columns: [String], values: [DatabaseValue]) {
    precondition(columns.count == values.count, "Row needs one value per column")
    self.columns = columns
    self.values = values
  }

  /// The value of the column labelled `name`, or nil when there is no such column.
  /// Labels are key-path text (`` `Qty.` ``, `` address.`Street №` ``); an attribute's
  /// own name finds its label too (`Qty.` finds `` `Qty.` ``).
  public subscript(_ name: String) -> DatabaseValue? {
    guard let index = columns.firstIndex(of: name) ?? quotedIndex(name) else { return nil }
    return values[index]
  }

  private func quotedIndex(_ name: String) -> Int? {
    guard PropertyPath.needsQuotes(name) else { return nil }
    return columns.firstIndex(of: PropertyPath.quoted(name))
  }

  public subscript(index: Int) -> DatabaseValue { values[index] }

  /// Column label → value, for assertions and JSON output.
  public var dictionary: [String: DatabaseValue] {
    Dictionary(zip(columns, values), uniquingKeysWith: { first, _ in first })
  }

  /// The row of these values, its columns in name order (the inverse of `dictionary`).
  public init(_ dictionary: [String: DatabaseValue]) {
    let names = dictionary.keys.sorted()
    self.init(columns: names, values: names.map { dictionary[$0] ?? .null })
  }
}
