import Qualifiers

/// `predicate => key <= value; priority`: when the predicate matches the context, the
/// key gets the value, unless a stronger rule also matches.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
  /// The condition; nil always matches (like `*true*`).
  public var predicate: Qualifier?
  public var key: String
  public var value: RuleValue
  public var priority: RulePriority
  /// Where the rule was written; nil for rules built in Swift.
  public var source: RuleSource?

  public init(
    predicate: Qualifier? = nil, key: String, value: RuleValue, priority: RulePriority = .normal,
    source: RuleSource? = nil
  ) {
    self.predicate = predicate
    self.key = key
    self.value = value
    self.priority = priority
    self.source = source
  }

  /// The number of comparisons in the predicate: more specific rules win at equal
  /// priority. A rule without predicate counts 0.
  public var complexity: Int { predicate?.complexity ?? 0 }

  /// The same rule at another priority: `(rule).priority(.high)`.
  public func priority(_ priority: RulePriority) -> Rule {
    var copy = self
    copy.priority = priority
    return copy
  }

  /// Whether two rules say the same thing, wherever they were written.
  public func isEquivalent(to other: Rule) -> Bool {
    predicate == other.predicate && key == other.key && value == other.value && priority == other.priority
  }

  /// Rule-language text: `task = 'edit' => component <= EditString; high`.
  public var description: String {
    var text = predicate.map { "\($0) => " } ?? ""
    text += "\(key) <= \(value)"
    if priority != .normal { text += "; \(priority)" }
    return text
  }

  /// `file:line` or `Swift` for rules built in code.
  public var location: String {
    source.map { "\($0.file):\($0.line)" } ?? "Swift"
  }
}

/// Where a rule was written: the file, the rule's first line and column, and where its
/// value starts (for messages about the value).
public struct RuleSource: Hashable, Sendable {
  public var file: String
  public var line: Int
  public var column: Int
  public var valueLine: Int
  public var valueColumn: Int
  /// The rule's last line.
  public var endLine: Int

  public init(file: String, line: Int, column: Int, valueLine: Int, valueColumn: Int, endLine: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.valueLine = valueLine
    self.valueColumn = valueColumn
    self.endLine = endLine
  }
}
