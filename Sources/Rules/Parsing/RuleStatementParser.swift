import Qualifiers

/// A problem at a place in a rule file.
struct RuleParseFailure: Error {
  var line: Int
  var column: Int
  var message: String

  init(at token: QualifierToken, _ message: String) {
    self.init(line: token.line, column: token.column, message: message)
  }

  init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Parses the tokens of one rule and checks its keys and value against the registry.
struct RuleStatementParser {
  private let tokens: [QualifierToken]
  private let file: String
  private let registry: RuleKeyRegistry
  private var index = 0
  private var depth = 0
  /// How many lists and dictionaries a value may nest, so hostile input cannot overflow the stack.
  static let maximumNesting = 200

  init(tokens: [QualifierToken], file: String, registry: RuleKeyRegistry) {
    let last = tokens[tokens.count - 1]
    let end = QualifierToken(
      kind: .end, text: "", offset: last.offset + last.text.count, line: last.line,
      column: last.column + last.text.count)
    self.tokens = tokens + [end]
    self.file = file
    self.registry = registry
  }

  private var current: QualifierToken { tokens[index] }

  mutating func parse() throws(RuleParseFailure) -> Rule {
    var predicate: Qualifier?
    if let arrow = tokens.firstIndex(where: { $0.isSymbol("=>") }) {
      do {
        predicate = try Qualifier(tokens: Array(tokens[...arrow]))
      } catch {
        throw RuleParseFailure(line: error.line, column: error.column, message: error.message)
      }
      try checkKeys(in: predicate, tokens: tokens[..<arrow])
      if predicate == .constant(true) { predicate = nil }
      index = arrow + 1
    }
    let definition = try parseKey()
    guard current.isSymbol("<=") || current.isSymbol("=") else {
      throw RuleParseFailure(at: current, "expected '<=' after '\(definition.name)', found \(describe(current))")
    }
    let assignToken = current
    index += 1
    let valueToken = current
    let value = try checked(try parseValue(after: assignToken, topLevel: true), for: definition, at: valueToken)
    var priority = RulePriority.normal
    if current.isSymbol(";") {
      index += 1
      priority = try parsePriority()
    }
    guard current.isEnd else {
      throw RuleParseFailure(
        at: current, "expected ';' and a priority or the end of the rule, found \(describe(current))")
    }
    let source = RuleSource(
      file: file, line: tokens[0].line, column: tokens[0].column, valueLine: valueToken.line,
      valueColumn: valueToken.column, endLine: current.line)
    return Rule(predicate: predicate, key: definition.name, value: value, priority: priority, source: source)
  }

  private func describe(_ token: QualifierToken) -> String {
    token.isEnd ? "end of rule" : token.quoted
  }

  private mutating func parseKey() throws(RuleParseFailure) -> RuleKeyDefinition {
    let token = current
    guard case .identifier(let name) = token.kind else {
      throw RuleParseFailure(at: token, "expected a rule key, found \(describe(token))")
    }
    guard !name.contains(".") else {
      throw RuleParseFailure(at: token, "a rule assigns a single key, found key path '\(name)'")
    }
    index += 1
    return try definition(named: name, at: token)
  }

  private func definition(
    named name: String, at token: QualifierToken, inPredicate: Bool = false
  ) throws(RuleParseFailure)
    -> RuleKeyDefinition
  {
    if let definition = registry[name] { return definition }
    var message = "unknown key '\(name)'"
    if inPredicate { message += " in the predicate" }
    if let suggestion = registry.suggestion(for: name) { message += " (did you mean '\(suggestion)'?)" }
    throw RuleParseFailure(at: token, message)
  }

  private func checkKeys(in predicate: Qualifier?, tokens: ArraySlice<QualifierToken>) throws(RuleParseFailure) {
    for path in predicate?.keyPaths ?? [] where registry[path.first] == nil {
      let token = tokens.first { $0.kind == .identifier(path.description) } ?? tokens[tokens.startIndex]
      _ = try definition(named: path.first, at: token, inPredicate: true)
    }
  }

  // MARK: - Values

  private mutating func parseValue(
    after previous: QualifierToken, topLevel: Bool
  ) throws(RuleParseFailure)
    -> RuleValue
  {
    let token = current
    if let literal = token.literal {
      index += 1
      return RuleValue(literal)
    }
    switch token.kind {
    case .identifier(let word):
      index += 1
      return topLevel ? .keyPath(PropertyPath(word)) : .string(word)
    case .symbol("("), .symbol("["):
      index += 1
      try enter(token)
      defer { depth -= 1 }
      return .list(try parseList(closing: token.isSymbol("(") ? ")" : "]", opening: token))
    case .symbol("{"):
      index += 1
      try enter(token)
      defer { depth -= 1 }
      return .dictionary(try parseDictionary(opening: token))
    default:
      throw RuleParseFailure(at: token, "expected a value after '\(previous.text)', found \(describe(token))")
    }
  }

  private mutating func enter(_ token: QualifierToken) throws(RuleParseFailure) {
    depth += 1
    guard depth <= Self.maximumNesting else {
      throw RuleParseFailure(at: token, "value nests deeper than \(Self.maximumNesting) lists or dictionaries")
    }
  }

  private mutating func parseList(closing: String, opening: QualifierToken) throws(RuleParseFailure) -> [RuleValue] {
    var values: [RuleValue] = []
    var separator = opening
    let unclosed = "expected '\(closing)' to close '\(opening.text)' at column \(opening.column), found end of rule"
    while !current.isSymbol(closing) {
      guard !current.isEnd else { throw RuleParseFailure(at: current, unclosed) }
      values.append(try parseValue(after: separator, topLevel: false))
      if current.isSymbol(closing) { break }
      if current.isEnd { throw RuleParseFailure(at: current, unclosed) }
      guard current.isSymbol(",") else {
        throw RuleParseFailure(at: current, "expected ',' or '\(closing)' in the list, found \(describe(current))")
      }
      separator = current
      index += 1
    }
    index += 1
    return values
  }

  private mutating func parseDictionary(opening: QualifierToken) throws(RuleParseFailure) -> [String: RuleValue] {
    var entries: [String: RuleValue] = [:]
    while !current.isSymbol("}") {
      let keyToken = current
      let key: String
      switch keyToken.kind {
      case .identifier(let name), .string(let name): key = name
      default:
        throw RuleParseFailure(at: keyToken, "expected a dictionary key or '}', found \(describe(keyToken))")
      }
      index += 1
      guard current.isSymbol("=") || current.isSymbol(":") else {
        throw RuleParseFailure(at: current, "expected '=' after dictionary key '\(key)', found \(describe(current))")
      }
      let separator = current
      index += 1
      entries[key] = try parseValue(after: separator, topLevel: false)
      if current.isSymbol(";") || current.isSymbol(",") {
        index += 1
      } else if !current.isSymbol("}") {
        throw RuleParseFailure(at: current, "expected ';' or '}' in the dictionary, found \(describe(current))")
      }
    }
    index += 1
    return entries
  }

  private mutating func parsePriority() throws(RuleParseFailure) -> RulePriority {
    let start = current
    var words: [String] = []
    while !current.isEnd {
      words.append(current.text)
      index += 1
    }
    guard !words.isEmpty, let priority = RulePriority(text: words.joined(separator: " ")) else {
      throw RuleParseFailure(
        at: start,
        "expected a priority (important, very high, high, normal, low, very low, fallback or an integer), found \(describe(start))"
      )
    }
    return priority
  }

  // MARK: - Types

  /// The value normalized for the key's type, or a failure at the value.
  private func checked(
    _ value: RuleValue, for definition: RuleKeyDefinition, at token: QualifierToken
  ) throws(RuleParseFailure)
    -> RuleValue
  {
    if case .keyPath(let path) = value {
      if path.isSingleKey, registry[path.first] == nil, definition.type.namedKind != nil {
        return .name(path.first)
      }
      let referenced = try self.definition(named: path.first, at: token)
      if path.isSingleKey, !definition.type.accepts(referenced.type) {
        throw RuleParseFailure(
          at: token,
          "'\(definition.name)' needs a value of type \(definition.type), found key path \(path) of type \(referenced.type)"
        )
      }
      return value
    }
    switch definition.type.check(value) {
    case .success(let normalized): return normalized
    case .failure(let mismatch): throw RuleParseFailure(at: token, mismatch.message(key: definition.name))
    }
  }
}

extension RuleValueType {
  /// The kind of name for name keys (also optional ones).
  var namedKind: NameKind? {
    switch self {
    case .name(let kind): return kind
    case .optional(let wrapped): return wrapped.namedKind
    default: return nil
    }
  }
}
