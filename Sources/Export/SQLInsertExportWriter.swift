import Access

/// One `INSERT INTO "table" ("column", …) VALUES (…);` per row, for the dialect given.
///
/// Identifiers are quoted as the dialect quotes them (`"a"`, `` `a` ``); values are
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
    prefix =
      "INSERT INTO " + table + " ("
      + columns.map(dialect.quote).joined(separator: ", ") + ") VALUES ("
  }

  public func begin(columns: [String]) throws {}

  public func write(_ values: [DatabaseValue]) throws {
    out.append(prefix)
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(", ") }
      switch value {
      case .integer(let v): out.append(String(v))
      case .decimal(let text): out.append(text)
      case .text(let text) where dialect != .mysql: quoted(text)
      default: out.append(dialect.literal(value))
      }
    }
    out.append(");\n")
    try out.flushIfFull()
  }

  /// `'text'` with quotes doubled, as `SQLDialect.literal` writes it, without building a
  /// string per value (MySQL's, whose backslashes are doubled too, go through `literal`).
  private func quoted(_ text: String) {
    var text = text
    out.append(UInt8(ascii: "'"))
    text.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "'") {
        out.append(UnsafeBufferPointer(rebasing: bytes[start...index]))
        start = index
      }
      out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    out.append(UInt8(ascii: "'"))
  }

  public func end() throws {
    try out.flush()
  }
}
