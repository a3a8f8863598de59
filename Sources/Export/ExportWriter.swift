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

/// A writer that also takes rows read in place (`BorrowedValue`, from a `BorrowingCursor`),
/// writing exactly what `write(_:)` writes for the same values.
public protocol BorrowingExportWriter: ExportWriter {
  func write(borrowed values: [BorrowedValue]) throws
}
