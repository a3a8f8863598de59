import Access
import Foundation

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
    let where_ = position(in: message, sql: sql)
    // A second statement after `;` is a syntax error to the server (statements are prepared
    // one at a time): said as on the other engines.
    var text = message
    if code == 1064, let sql, let where_,
      String(sql.unicodeScalars.prefix(where_)).trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(";")
    {
      text = "run one statement at a time"
    }
    var error = DatabaseError(kind, text, code: sqlState.isEmpty ? String(code) : sqlState, sql: sql)
    error.position = where_
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

  /// Where an error is: MySQL says "… near 'rest of the statement' at line N" for a syntax
  /// error, so the offset is where that rest begins; for an unknown name ("Unknown column
  /// 'nme' in 'field list'", "Table 'x.nope' doesn't exist") it is where the statement
  /// first names it.
  static func position(in message: String, sql: String?) -> Int? {
    guard let sql else { return nil }
    if let near = message.range(of: "near '") {
      let rest = message[near.upperBound...]
      guard let end = rest.range(of: "' at line", options: .backwards) else { return nil }
      let fragment = String(rest[..<end.lowerBound])
      if fragment.isEmpty { return sql.unicodeScalars.count }
      return offset(of: fragment, in: sql)
    }
    guard message.hasPrefix("Unknown column") || message.hasPrefix("Table ") || message.hasPrefix("Unknown table"),
      let name = quoted(in: message)
    else { return nil }
    let last = name.split(separator: ".").last.map(String.init) ?? name
    return offset(of: last, in: sql, wholeWord: true)
  }

  /// The offset in Unicode scalars of the first `fragment` in `sql` (as a whole word when
  /// asked: `nme` in `select nme`, not in `nmes`).
  private static func offset(of fragment: String, in sql: String, wholeWord: Bool = false) -> Int? {
    var searched = sql.startIndex..<sql.endIndex
    while let range = sql.range(of: fragment, range: searched) {
      let before = range.lowerBound == sql.startIndex ? nil : sql[sql.index(before: range.lowerBound)]
      let after = range.upperBound == sql.endIndex ? nil : sql[range.upperBound]
      let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !wholeWord || (!isWord(before) && !isWord(after)) {
        return sql.unicodeScalars.distance(from: sql.unicodeScalars.startIndex, to: range.lowerBound)
      }
      searched = range.upperBound..<sql.endIndex
    }
    return nil
  }
}
