/// SQL text with its parameter values, never spliced into the text.
///
/// `sensitiveBindings` marks parameters (passwords) the SQL log shows as `<redacted>`;
/// `hidesText` a statement whose own text holds a secret (a console's `ALTER ROLE … PASSWORD
/// '…'`): the log and the debug overlay show `loggedSQL` instead of it.
public struct SQLStatement: Hashable, Sendable, CustomStringConvertible {
  public var sql: String
  public var bindings: [DatabaseValue]
  public var sensitiveBindings: Set<Int>
  /// How to decode each result column (nil: by what the database reports). Lets SQLite
  /// read `DECIMAL` columns as exact text and dates as dates.
  public var resultTypes: [ValueType?]?
  /// The text itself holds a secret: it is never logged or shown.
  public var hidesText = false

  public init(
    _ sql: String, _ bindings: [DatabaseValue] = [], sensitiveBindings: Set<Int> = [],
    resultTypes: [ValueType?]? = nil
  ) {
    self.sql = sql
    self.bindings = bindings
    self.sensitiveBindings = sensitiveBindings
    self.resultTypes = resultTypes
  }

  /// The parameters as the log shows them, passwords redacted.
  public var loggedBindings: [String] {
    bindings.enumerated().map { index, value in
      sensitiveBindings.contains(index) ? "<redacted>" : value.description
    }
  }

  /// The text as the log shows it.
  public var loggedSQL: String {
    hidesText ? "<statement not shown: it holds a password>" : sql
  }

  public var description: String {
    bindings.isEmpty ? loggedSQL : loggedSQL + " -- " + loggedBindings.joined(separator: ", ")
  }
}
