/// What is wrong with an import file, where: `FILE:LINE:COLUMN: message` (the column is the
/// field's number, counted from 1).
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(line: Int?, column: Int?, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { message }

  /// `film.csv:700001:3: Rental Rate: a number like 4.99 ('abc')`.
  public func text(file: String) -> String {
    var place = file
    if let line { place += ":\(line)" }
    if let column, line != nil { place += ":\(column)" }
    return place + ": " + message
  }
}
