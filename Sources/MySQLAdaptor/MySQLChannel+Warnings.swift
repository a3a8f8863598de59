import Access
import CMariaDB

extension MySQLChannel {
  /// A write that made the server warn fails, so its transaction is rolled back: outside a
  /// strict `sql_mode`, MySQL truncates a string that is too long, stores 0 for a number it
  /// cannot read, clips a date, and only warns (`Data truncated for column 'title'`). Such a
  /// save is refused with the server's own words instead of storing what the user did not
  /// type. Notes (`Level = Note`) pass.
  func refuseWarnings(of sql: String) throws {
    guard !acceptsWarnings, Self.isWrite(sql) else { return }
    let warnings = try warnings()
    guard !warnings.isEmpty else { return }
    let mode = sessionSettings.first { $0.name == "sql_mode" }?.value ?? ""
    throw DatabaseError(
      .statement,
      "not saved: the server would not store the values as given (" + warnings.joined(separator: "; ")
        + "); its sql_mode '\(mode)' turns this error into a warning",
      code: "warning", sql: sql)
  }

  /// The warnings of the last statement (`Level = Note` left out); none asked for when the
  /// server counted none.
  func warnings() throws -> [String] {
    guard let handle = connection.handle, mysql_warning_count(handle) > 0 else { return [] }
    return try query(
      SQLStatement("SHOW WARNINGS", resultTypes: [Self.text, .integer(bits: 64), Self.text])
    ).compactMap { row -> String? in
      guard let level = row.values[0].stringValue, level != "Note" else { return nil }
      return row.values[2].stringValue
    }
  }

  func acceptWarnings(_ accepted: Bool) {
    acceptsWarnings = accepted
  }

  /// `INSERT`, `UPDATE`, `DELETE` or `REPLACE`.
  static func isWrite(_ sql: String) -> Bool {
    ["insert", "update", "delete", "replace"].contains(MySQLStatement.firstWord(of: sql))
  }
}
