/// A problem in a theme file, with its place: `path:line:column: message`.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file (or a label for text that did not come from a file).
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column of the offending token.
  public var column: Int
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(file):\(line):\(column): \(message)" }
}
