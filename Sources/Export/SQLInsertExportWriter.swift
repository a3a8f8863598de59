import Access

/// One `INSERT INTO "table" ("column", …) VALUES (…);` per row, for the dialect given.
///
/// Identifiers are double-quoted with embedded quotes doubled; values are
/// `SQLDialect.literal`s, exact and as stored (dates and timestamps in the form the
/// database printed them).
public final class SQLInsertExportWriter: ExportWriter {
  private let out: OutputBuffer
  private let dialect: SQLDialect
  private let prefix: String

  /// `table` is already quoted (`dialect.quote(table:schema:)`); `columns` are the table's
  /// column names, unquoted.
  public init(_ out: OutputBuffer, dialect: SQLDialect, quotedTable table: String, columns: [String]) {
    self.out = out
    self.dialect = dialect
    prefix = "INSERT INTO " + table + " ("
      + columns.map(dialect.quote).joined(separator: ", ") + ") VALUES ("
  }

  public func begin(columns: [String]) throws {}

  public func write(_ values: [DatabaseValue]) throws {
    out.append(prefix)
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(", ") }
      out.append(dialect.literal(value))
    }
    out.append(");\n")
    try out.flushIfFull()
  }

  public func end() throws {
    try out.flush()
  }
}
