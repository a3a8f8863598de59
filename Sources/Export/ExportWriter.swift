import Access

/// Writes rows of one export in one format into an `OutputBuffer`.
public protocol ExportWriter {
  /// Called once, before any row, with the column labels.
  func begin(columns: [String]) throws
  /// One row, its values in the order of `begin`'s columns.
  func write(_ values: [DatabaseValue]) throws
  /// After the last row.
  func end() throws
}
