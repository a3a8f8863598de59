/// What differs between the SQL of the databases d2t speaks.
public enum SQLDialect: String, Hashable, Sendable {
  case sqlite
  case postgresql

  /// An identifier in double quotes, embedded quotes doubled: `"last_name"`, `"a""b"`.
  public func quote(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A schema-qualified table name, quoted.
  public func quote(table: String, schema: String?) -> String {
    guard let schema else { return quote(table) }
    return quote(schema) + "." + quote(table)
  }

  /// The placeholder for the parameter at `index` (0-based): `?1` or `$1`.
  public func placeholder(_ index: Int) -> String {
    switch self {
    case .sqlite: return "?\(index + 1)"
    case .postgresql: return "$\(index + 1)"
    }
  }

  /// Whether `INSERT … RETURNING` gives back the stored row.
  public var supportsReturning: Bool { true }

  /// The case-insensitive LIKE operator.
  public var caseInsensitiveLike: String {
    switch self {
    case .sqlite: return "LIKE"
    case .postgresql: return "ILIKE"
    }
  }
}
