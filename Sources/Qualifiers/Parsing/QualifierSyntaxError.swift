/// Qualifier or sort-ordering text that does not parse, with where and why.
///
///     column 14: expected a value after '=', found end of input
///
/// `offset` counts characters from the start of the parsed text; `line` and `column`
/// are 1-based, so a rule-file parser can report `file:line:col`.
public struct QualifierSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  public var offset: Int
  public var line: Int
  public var column: Int
  /// What was expected and found, without the position.
  public var message: String

  public init(offset: Int, line: Int, column: Int, message: String) {
    self.offset = offset
    self.line = line
    self.column = column
    self.message = message
  }

  /// An error at `token`.
  public init(at token: QualifierToken, _ message: String) {
    self.init(offset: token.offset, line: token.line, column: token.column, message: message)
  }

  /// `column N: message` (with `line L, ` first when the text has several lines).
  public var description: String {
    line > 1 ? "line \(line), column \(column): \(message)" : "column \(column): \(message)"
  }
}
