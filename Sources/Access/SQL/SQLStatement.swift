/// SQL text with its parameter values, never spliced into the text.
///
/// `sensitiveBindings` marks parameters (passwords) the SQL log shows as `<redacted>`.
public struct SQLStatement: Hashable, Sendable, CustomStringConvertible {
  public var sql: String
  public var bindings: [DatabaseValue]
  public var sensitiveBindings: Set<Int>

  public init(_ sql: String, _ bindings: [DatabaseValue] = [], sensitiveBindings: Set<Int> = []) {
    self.sql = sql
    self.bindings = bindings
    self.sensitiveBindings = sensitiveBindings
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
