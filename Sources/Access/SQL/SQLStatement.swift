/// SQL text with its parameter values, never spliced into the text.
///
/// `sensitiveBindings` marks parameters (passwords) the SQL log shows as `<redacted>`.
public struct SQLStatement: Hashable, Sendable, CustomStringConvertible {
  public var sql: String
  public var bindings: [DatabaseValue]
  public var sensitiveBindings: Set<Int>
  /// How to decode each result column (nil: by what the database reports). Lets SQLite
  /// read `DECIMAL` columns as exact text and dates as dates.
  public var resultTypes: [ValueType?]?

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

  public var description: String {
    bindings.isEmpty ? sql : sql + " -- " + loggedBindings.joined(separator: ", ")
  }
}
