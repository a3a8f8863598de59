extension SQLDialect {
  /// A value as a SQL literal of this dialect, for SQL that is printed, never run with
  /// user values spliced (exports, the change journal). Integers and decimals bare;
  /// strings, dates, times, timestamps, UUIDs, JSON and arrays single-quoted with quotes
  /// doubled (PostgreSQL's default `standard_conforming_strings` keeps backslashes
  /// literal; MySQL's default `sql_mode` does not, so there a backslash is doubled too);
  /// binary `'\x0aff'::bytea` or `X'0aff'`; booleans `TRUE`/`FALSE` or `1`/`0`.
  public func literal(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return "NULL"
    case .integer(let v): return String(v)
    case .decimal(let s): return s
    case .real(let v) where v.isFinite: return v.description
    case .real(let v):
      guard self == .postgresql else {
        // SQLite reads an overflowing literal as infinity; MySQL has no infinity at all.
        return self == .mysql || v.isNaN ? "NULL" : v < 0 ? "-9e999" : "9e999"
      }
      return "'" + (v.isNaN ? "NaN" : v < 0 ? "-Infinity" : "Infinity") + "'::float8"
    case .bool(let b):
      return self == .postgresql ? (b ? "TRUE" : "FALSE") : (b ? "1" : "0")
    case .blob(let bytes):
      return self == .postgresql ? "'\\x" + hexString(bytes) + "'::bytea" : "X'" + hexString(bytes) + "'"
    default:
      var text = value.literalText
      if self == .mysql, text.utf8.contains(UInt8(ascii: "\\")) {
        text = text.replacingOccurrences(of: "\\", with: "\\\\")
      }
      guard text.utf8.contains(UInt8(ascii: "'")) else { return "'" + text + "'" }
      return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
  }
}
