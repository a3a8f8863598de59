import Access

/// Server errors as `DatabaseError`s: lost connections, refused logins, constraints.
enum MySQLErrors {
  static func error(code: UInt32, message: String, sqlState: String, sql: String?) -> DatabaseError {
    let kind: DatabaseError.Kind
    switch code {
    case 2006, 2013, 2055, 2002, 2003, 1927, 4031: kind = .connectionLost
    case 1317, 3024, 1969: kind = .cancelled
    case 1045, 1044, 1698: kind = .authentication
    case 1142, 1143, 1227, 1370, 1290, 1792: kind = .permission
    case 1048, 1364: kind = .constraint(ConstraintViolation(kind: .notNull, column: quoted(in: message)))
    case 1062, 1586: kind = .constraint(ConstraintViolation(kind: .unique, constraint: lastQuoted(in: message)))
    case 1451, 1452, 1216, 1217: kind = .constraint(ConstraintViolation(kind: .foreignKey))
    case 3819, 4025:
      // MySQL: "Check constraint 'x' is violated."; MariaDB: "CONSTRAINT `x` failed for …".
      let name = code == 4025 ? quoted(in: message, by: "`") : quoted(in: message)
      kind = .constraint(ConstraintViolation(kind: .check, constraint: name))
    default: kind = .statement
    }
    var error = DatabaseError(kind, message, code: sqlState.isEmpty ? String(code) : sqlState, sql: sql)
    error.position = position(in: message, sql: sql)
    return error
  }

  /// The first `'…'` of a message: the column of "Column 'x' cannot be null".
  private static func quoted(in message: String, by quote: Character = "'") -> String? {
    let parts = message.split(separator: quote, omittingEmptySubsequences: false)
    return parts.count >= 3 ? String(parts[1]) : nil
  }

  private static func lastQuoted(in message: String) -> String? {
    let parts = message.split(separator: "'", omittingEmptySubsequences: false)
    return parts.count >= 3 ? String(parts[parts.count - 2]) : nil
  }

  /// Where a syntax error is: MySQL says "… near 'rest of the statement' at line N", so the
  /// offset is where that rest begins.
  static func position(in message: String, sql: String?) -> Int? {
    guard let sql, let near = message.range(of: "near '") else { return nil }
    let rest = message[near.upperBound...]
    guard let end = rest.range(of: "' at line", options: .backwards) else { return nil }
    let fragment = String(rest[..<end.lowerBound])
    guard !fragment.isEmpty, let range = sql.range(of: fragment) else {
      return fragment.isEmpty ? sql.unicodeScalars.count : nil
    }
    return sql.unicodeScalars.distance(from: sql.unicodeScalars.startIndex, to: range.lowerBound)
  }
}
