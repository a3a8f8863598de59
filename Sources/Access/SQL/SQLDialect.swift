/// What differs between the SQL of the databases d2t speaks.
public enum SQLDialect: String, Hashable, Sendable {
  case sqlite
  case postgresql
  /// MySQL and MariaDB.
  case mysql

  /// An identifier in double quotes, embedded quotes doubled: `"last_name"`, `"a""b"`; in
  /// backquotes on MySQL (`` `last_name` ``), whose double quotes are strings.
  public func quote(_ identifier: String) -> String {
    if self == .mysql { return "`" + identifier.replacingOccurrences(of: "`", with: "``") + "`" }
    return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A schema-qualified table name, quoted.
  public func quote(table: String, schema: String?) -> String {
    guard let schema else { return quote(table) }
    return quote(schema) + "." + quote(table)
  }

  /// The placeholder for the parameter at `index` (0-based): `?1`, `$1`, or `?` on MySQL
  /// (positional: parameters are bound in the order they appear).
  public func placeholder(_ index: Int) -> String {
    switch self {
    case .sqlite: return "?\(index + 1)"
    case .postgresql: return "$\(index + 1)"
    case .mysql: return "?"
    }
  }

  /// Whether `INSERT … RETURNING` and `UPDATE … RETURNING` give back the stored row (MySQL
  /// has neither: the row is read back by its key in the same transaction).
  public var supportsReturning: Bool { self != .mysql }

  /// The case-insensitive LIKE operator (MySQL's is `LIKE` on lowered text, see
  /// `QualifierSQL`).
  public var caseInsensitiveLike: String {
    switch self {
    case .sqlite, .mysql: return "LIKE"
    case .postgresql: return "ILIKE"
    }
  }
}
