import Qualifiers

/// Parses rule files: one rule per line, or several lines when a line ends with an
/// operator, a comma or an open bracket, or the next one starts with `=>`, `&&`, `||`,
/// `and`, `or` or `;`.
///
///     # Comments start with # or //.
///     task = 'list' && entity.name = 'Film' => displayPropertyKeys <= (title, rating)
///     task = 'edit' AND propertyKey = 'rating' => component = 'RatingPicker'; high
///     debug <= false
///
/// Every problem becomes a diagnostic; the rules that parsed are returned with them.
public enum RuleParser {
  /// The rules of a file and the problems found in it.
  public struct Result: Sendable {
    public var rules: [Rule]
    public var diagnostics: [RuleDiagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  public static func parse(_ text: String, file: String, registry: RuleKeyRegistry = .standard) -> Result {
    let source = SourceLines(file: file, text: text)
    var diagnostics: [RuleDiagnostic] = []
    var tokens: [QualifierToken] = []
    var brokenLines: Set<Int> = []
    var offset = 0
    for (index, line) in source.lines.enumerated() {
      do {
        for var token in try QualifierLexer.tokenize(String(line)) where !token.isEnd {
          token.line = index + 1
          token.offset += offset
          tokens.append(token)
        }
      } catch {
        diagnostics.append(source.diagnostic(.error, line: index + 1, column: error.column, error.message))
        brokenLines.insert(index + 1)
      }
      offset += line.count + 1
    }
    var rules: [Rule] = []
    for statement in statements(tokens) where !statement.contains(where: { brokenLines.contains($0.line) }) {
      var parser = RuleStatementParser(tokens: statement, file: file, registry: registry)
      do {
        rules.append(try parser.parse())
      } catch {
        diagnostics.append(source.diagnostic(.error, line: error.line, column: error.column, error.message))
      }
    }
    diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    return Result(rules: rules, diagnostics: diagnostics)
  }

  /// Parses one rule (for code and tests): `task = 'edit' => component <= EditString`.
  public static func rule(_ text: String, registry: RuleKeyRegistry = .standard) throws(RuleDiagnostic) -> Rule {
    let result = parse(text, file: "<rule>", registry: registry)
    if let first = result.diagnostics.first { throw first }
    guard result.rules.count == 1 else {
      throw SourceLines(file: "<rule>", text: text).diagnostic(.error, line: 1, column: 1, "expected exactly one rule")
    }
    return result.rules[0]
  }

  private static let lineEndContinuations: Set<String> = [
    "=>", "<=", ">=", "==", "!=", "<>", "&&", "||", "=", "<", ">", "!", ",", ";", ":", "(", "[", "{",
  ]
  private static let lineEndKeywords: Set<String> = ["and", "or", "not", "like", "ilike", "in", "is"]
  private static let lineStartContinuations: Set<String> = ["=>", "&&", "||", ";", "<=", ")", "]", "}"]

  /// Splits the tokens of a file into rules.
  static func statements(_ tokens: [QualifierToken]) -> [[QualifierToken]] {
    var statements: [[QualifierToken]] = []
    var current: [QualifierToken] = []
    var depth = 0
    for token in tokens {
      if let previous = current.last, token.line > previous.line, depth <= 0,
        !continuesAfter(previous), !continuesBefore(token)
      {
        statements.append(current)
        current = []
        depth = 0
      }
      if case .symbol(let s) = token.kind {
        if ["(", "[", "{"].contains(s) { depth += 1 }
        if [")", "]", "}"].contains(s) { depth -= 1 }
      }
      current.append(token)
    }
    if !current.isEmpty { statements.append(current) }
    return statements
  }

  private static func continuesAfter(_ token: QualifierToken) -> Bool {
    switch token.kind {
    case .symbol(let s): return lineEndContinuations.contains(s)
    case .identifier(let word): return lineEndKeywords.contains(word.lowercased())
    default: return false
    }
  }

  private static func continuesBefore(_ token: QualifierToken) -> Bool {
    switch token.kind {
    case .symbol(let s): return lineStartContinuations.contains(s)
    case .identifier(let word): return ["and", "or"].contains(word.lowercased())
    default: return false
    }
  }
}
