import Qualifiers

/// Rewrites a rule file in one canonical layout (`d2t rules format`).
///
/// Each rule becomes its `Rule.description` on one line (a rule written over several
/// lines is joined). Whole-line comments stay where they are, before the rule they
/// precede; a comment after a rule stays after it on its line; comments inside a rule
/// written over several lines move above it. Runs of blank lines become one, leading and
/// trailing blank lines go, no line ends in spaces, and the text ends with one newline.
///
/// Formatting is idempotent and never changes what the rules mean: the result is parsed
/// again and must give equivalent rules (predicate, key, value, priority) in the same
/// order, else nothing is formatted. A file with errors is refused with its first error.
public enum RuleFormatter {
  /// The canonical text of a rule file.
  public static func format(
    _ text: String, file: String, registry: RuleKeyRegistry = .standard
  ) throws(RuleDiagnostic)
    -> String
  {
    let parsed = RuleParser.parse(text, file: file, registry: registry)
    if let error = parsed.diagnostics.first(where: { $0.severity == .error }) { throw error }
    let source = SourceLines(file: file, text: text)
    let lines = source.lines.map(LineShape.init)
    var starting: [Int: Rule] = [:]
    for rule in parsed.rules {
      if let line = rule.source?.line { starting[line] = rule }
    }
    var output: [String] = []
    var line = 1
    while line <= lines.count {
      let shape = lines[line - 1]
      guard let rule = starting[line], let end = rule.source?.endLine, end >= line else {
        output.append(shape.comment ?? "")
        line += 1
        continue
      }
      for inner in line..<end {
        if let comment = lines[inner - 1].comment { output.append(comment) }
      }
      output.append(rule.description + (lines[end - 1].comment.map { " " + $0 } ?? ""))
      line = end + 1
    }
    let formatted = layout(output)
    try verify(formatted, against: parsed.rules, file: file, registry: registry, source: source)
    return formatted
  }

  /// The comment after a line's rule text as the canonical layout writes it, after one
  /// space (` # mine`), or nil; comment lines inside a rule written over several lines give
  /// theirs too.
  public static func trailingComment(of line: String) -> String? {
    LineShape(Substring(line)).comment.map { " " + $0 }
  }

  /// Blank runs collapsed to one, no blank first or last line, no trailing spaces, one
  /// final newline (none for a file with nothing in it).
  static func layout(_ lines: [String]) -> String {
    var result: [String] = []
    for line in lines.map(\.trimmingTrailingSpaces) {
      if line.isEmpty && (result.last?.isEmpty ?? true) { continue }
      result.append(line)
    }
    while result.last?.isEmpty == true { result.removeLast() }
    return result.isEmpty ? "" : result.joined(separator: "\n") + "\n"
  }

  /// Fails when the formatted text would not give the same rules: the printer has no
  /// text for some value, and the file is better left as it is.
  private static func verify(
    _ formatted: String, against rules: [Rule], file: String, registry: RuleKeyRegistry, source: SourceLines
  ) throws(RuleDiagnostic) {
    let again = RuleParser.parse(formatted, file: file, registry: registry)
    for (index, rule) in rules.enumerated() {
      guard again.rules.count == rules.count, !again.hasErrors, again.rules[index].isEquivalent(to: rule) else {
        throw source.diagnostic(
          .error, line: rule.source?.line ?? 1, column: rule.source?.column ?? 1,
          "this rule cannot be written canonically without changing its meaning (it would read '\(rule)'); the file is left as it is"
        )
      }
    }
  }
}

/// What a line of a rule file holds besides rule text: its comment, if any.
struct LineShape {
  /// The comment (`# …` or `// …`) without the spaces around it.
  let comment: String?

  init(_ line: Substring) {
    let characters = Array(line)
    var end = 0
    if let tokens = try? QualifierLexer.tokenize(String(line)), let last = tokens.last(where: { !$0.isEnd }) {
      end = last.offset + last.text.count
    }
    let rest = String(characters[min(end, characters.count)...]).trimmingLeadingSpaces.trimmingTrailingSpaces
    comment = rest.hasPrefix("#") || rest.hasPrefix("//") ? rest : nil
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }

  var trimmingLeadingSpaces: String {
    String(drop { $0.isWhitespace })
  }
}
