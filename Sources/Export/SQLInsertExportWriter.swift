import Access

/// One `INSERT INTO "table" ("column", …) VALUES (…);` per row, for the dialect given.
///
/// Identifiers are double-quoted with embedded quotes doubled; strings are single-quoted
/// with embedded quotes doubled (standard SQL; PostgreSQL's default
/// `standard_conforming_strings` keeps backslashes literal). Literals keep the values
/// exact and as stored: integers and decimals bare, text, dates, times and timestamps
/// quoted in the form the database printed them, binary `'\x0aff'::bytea` (PostgreSQL) or
/// `X'0aff'` (SQLite), booleans `TRUE`/`FALSE` (PostgreSQL) or `1`/`0` (SQLite), NULL as
/// `NULL`.
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
      out.append(Self.literal(value, dialect: dialect))
    }
    out.append(");\n")
    try out.flushIfFull()
  }

  public func end() throws {
    try out.flush()
  }

  /// A value as a SQL literal of `dialect`.
  public static func literal(_ value: DatabaseValue, dialect: SQLDialect) -> String {
    switch value {
    case .null: return "NULL"
    case .integer(let v): return String(v)
    case .decimal(let s): return s
    case .real(let v) where v.isFinite: return v.description
    case .real(let v):
      let text = v.isNaN ? "NaN" : v < 0 ? "-Infinity" : "Infinity"
      return dialect == .postgresql ? "'" + text + "'::float8" : (v.isNaN ? "NULL" : v < 0 ? "-9e999" : "9e999")
    case .bool(let b):
      return dialect == .postgresql ? (b ? "TRUE" : "FALSE") : (b ? "1" : "0")
    case .blob(let bytes):
      let hex = hexString(bytes)
      return dialect == .postgresql ? "'\\x" + hex + "'::bytea" : "X'" + hex + "'"
    default:
      return quoted(value.literalText)
    }
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  static func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
