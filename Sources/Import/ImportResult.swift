/// What an import did: the rows read, the rows the database wrote (inserted, or updated
/// with `--on-conflict update`), whether it committed, and what was wrong.
public struct ImportResult: Hashable, Sendable {
  public var mapping: ImportMapping?
  public var rows = 0
  public var written = 0
  public var committed = false
  public var dryRun: Bool
  /// The first problems, in file order.
  public var problems: [ImportProblem] = []
  /// Every problem, counted.
  public var problemCount = 0

  public init(dryRun: Bool) {
    self.dryRun = dryRun
  }

  mutating func add(_ problem: ImportProblem, listing limit: Int) {
    problemCount += 1
    if problems.count < limit { problems.append(problem) }
  }

  /// The problems as lines (`FILE:LINE:COLUMN: message`), and a last line for those not listed.
  public func problemLines(file: String) -> [String] {
    var lines = problems.map { $0.text(file: file) }
    if problemCount > problems.count {
      lines.append("… and \(problemCount - problems.count) more (\(problemCount) problems in all); nothing was written")
    }
    return lines
  }
}
