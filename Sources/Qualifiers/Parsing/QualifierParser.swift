/// Parses qualifier text into a `Qualifier`, with precedence NOT over AND over OR.
///
///     qualifier  := or
///     or         := and (("or" | "||") and)*
///     and        := not (("and" | "&&") not)*
///     not        := ("not" | "!") not | "(" or ")" | "*true*" | "*false*" | comparison
///     comparison := keyPath [ ["not"] op value | "is" ["not"] "null" | ["not"] "in" (list | keyPath) ]
///     value      := literal | "$" name | keyPath
///     op         := "=" | "==" | "===" | "!=" | "!==" | "<>" | "<" | "<=" | ">" | ">=" | "like" | "ilike"
///
/// A bare key path means `key = true`; a bare identifier on the right is a key path.
/// The last token given is the terminator: `.end`, or `=>` inside a rule.
/// Nesting of `not`/`!` and parentheses deeper than `maximumNesting` is a syntax error at the
/// token that goes too deep, so hostile input cannot overflow the stack.
struct QualifierParser {
  /// How many `not`s and parentheses may enclose one another.
  static let maximumNesting = 200
  private let tokens: [QualifierToken]
  private var index = 0
  private var depth = 0

  init(tokens: [QualifierToken]) {
    self.tokens = tokens
  }

  private var current: QualifierToken { tokens[min(index, tokens.count - 1)] }
  private var isAtTerminator: Bool { index >= tokens.count - 1 }

  mutating func parseAll() throws(QualifierSyntaxError) -> Qualifier {
    if isAtTerminator { throw QualifierSyntaxError(at: current, "expected a qualifier, found \(current.quoted)") }
    let qualifier = try parseOr()
    guard isAtTerminator else {
      let end = tokens[tokens.count - 1].quoted
      throw QualifierSyntaxError(at: current, "expected 'and', 'or' or \(end), found \(current.quoted)")
    }
    return qualifier
  }

  private mutating func advance() -> QualifierToken {
    let token = current
    if !isAtTerminator { index += 1 }
    return token
  }

  private mutating func accept(symbols: String...) -> Bool {
    guard !isAtTerminator, symbols.contains(where: current.isSymbol) else { return false }
    index += 1
    return true
  }

  private mutating func accept(keyword: String) -> Bool {
    guard !isAtTerminator, current.isKeyword(keyword) else { return false }
    index += 1
    return true
  }

  private mutating func parseOr() throws(QualifierSyntaxError) -> Qualifier {
    var parts = [try parseAnd()]
    while accept(keyword: "or") || accept(symbols: "||") { parts.append(try parseAnd()) }
    return parts.count == 1 ? parts[0] : .or(parts)
  }

  private mutating func parseAnd() throws(QualifierSyntaxError) -> Qualifier {
    var parts = [try parseNot()]
    while accept(keyword: "and") || accept(symbols: "&&") { parts.append(try parseNot()) }
    return parts.count == 1 ? parts[0] : .and(parts)
  }

  private mutating func enter(_ token: QualifierToken) throws(QualifierSyntaxError) {
    depth += 1
    guard depth <= Self.maximumNesting else {
      throw QualifierSyntaxError(
        at: token, "nesting deeper than \(Self.maximumNesting) levels of 'not' and parentheses")
    }
  }

  private mutating func parseNot() throws(QualifierSyntaxError) -> Qualifier {
    let token = current
    if accept(keyword: "not") || accept(symbols: "!") {
      try enter(token)
      defer { depth -= 1 }
      return .not(try parseNot())
    }
    if accept(symbols: "(") {
      try enter(token)
      defer { depth -= 1 }
      let inner = try parseOr()
      guard accept(symbols: ")") else {
        throw QualifierSyntaxError(
          at: current, "expected ')' to close '(' at column \(token.column), found \(current.quoted)")
      }
      return inner
    }
    if case .constant(let value) = token.kind, !isAtTerminator {
      index += 1
      return .constant(value)
    }
    return try parseComparison()
  }

  private mutating func parseComparison() throws(QualifierSyntaxError) -> Qualifier {
    let keyToken = current
    guard case .identifier(let name) = keyToken.kind, !isAtTerminator, !Self.isValueKeyword(name)
    else { throw QualifierSyntaxError(at: keyToken, "expected a key path, found \(keyToken.quoted)") }
    index += 1
    let key = PropertyPath(name)
    if accept(keyword: "is") {
      let negated = accept(keyword: "not")
      guard accept(keyword: "null") || accept(keyword: "nil") else {
        throw QualifierSyntaxError(at: current, "expected 'null' or 'not null' after 'is', found \(current.quoted)")
      }
      return .comparison(key, negated ? .notEqual : .equal, .null)
    }
    let negated = accept(keyword: "not")
    let operatorToken = parseOperator()
    if negated, let (op, _) = operatorToken, ![.like, .caseInsensitiveLike, .in].contains(op) {
      index -= 1
      throw QualifierSyntaxError(at: current, "expected 'like', 'ilike' or 'in' after 'not', found \(current.quoted)")
    }
    guard let (op, opToken) = operatorToken else {
      if negated {
        throw QualifierSyntaxError(at: current, "expected 'like', 'ilike' or 'in' after 'not', found \(current.quoted)")
      }
      if isAtTerminator || current.isSymbol(")") || current.isKeyword("and") || current.isKeyword("or")
        || current.isSymbol("&&") || current.isSymbol("||")
      {
        return .comparison(key, .equal, .bool(true))
      }
      throw QualifierSyntaxError(at: current, "expected an operator after '\(name)', found \(current.quoted)")
    }
    let comparison = try parseRightSide(of: key, op, opToken)
    return negated ? .not(comparison) : comparison
  }

  private mutating func parseOperator() -> (ComparisonOperator, QualifierToken)? {
    let token = current
    guard !isAtTerminator else { return nil }
    let op: ComparisonOperator?
    switch token.kind {
    // `===` and `!==` are the reference's identity comparisons: for values, equality.
    case .symbol("="), .symbol("=="), .symbol("==="): op = .equal
    case .symbol("!="), .symbol("<>"), .symbol("!=="): op = .notEqual
    case .symbol("<"): op = .less
    case .symbol("<="): op = .lessOrEqual
    case .symbol(">"): op = .greater
    case .symbol(">="): op = .greaterOrEqual
    case .identifier(let word):
      switch word.lowercased() {
      case "like": op = .like
      case "ilike": op = .caseInsensitiveLike
      case "in": op = .in
      default: op = nil
      }
    default: op = nil
    }
    guard let op else { return nil }
    index += 1
    return (op, token)
  }

  private mutating func parseRightSide(
    of key: PropertyPath, _ op: ComparisonOperator, _ opToken: QualifierToken
  ) throws(QualifierSyntaxError) -> Qualifier {
    if op == .in {
      if !isAtTerminator, case .identifier(let name) = current.kind, !Self.isValueKeyword(name) {
        index += 1
        return .keyComparison(key, .in, PropertyPath(name))
      }
      guard accept(symbols: "(") else {
        throw QualifierSyntaxError(at: current, "expected '(' after '\(opToken.text)', found \(current.quoted)")
      }
      return .comparison(key, .in, .list(try parseList()))
    }
    let token = current
    if let binding = parseBinding() { return .comparison(key, op, binding) }
    if !isAtTerminator, case .identifier(let name) = token.kind, !Self.isValueKeyword(name) {
      index += 1
      return .keyComparison(key, op, PropertyPath(name))
    }
    guard let value = parseLiteral() else {
      throw QualifierSyntaxError(at: token, "expected a value after '\(opToken.text)', found \(token.quoted)")
    }
    if op == .like || op == .caseInsensitiveLike {
      guard case .string = value else {
        throw QualifierSyntaxError(
          at: token, "expected a pattern string after '\(opToken.text)', found \(token.quoted)")
      }
    }
    return .comparison(key, op, value)
  }

  private mutating func parseList() throws(QualifierSyntaxError) -> [QualifierValue] {
    var values: [QualifierValue] = []
    if accept(symbols: ")") { return values }
    while true {
      guard let value = parseBinding() ?? parseLiteral() else {
        throw QualifierSyntaxError(at: current, "expected a value in the list, found \(current.quoted)")
      }
      values.append(value)
      if accept(symbols: ")") { return values }
      guard accept(symbols: ",") else {
        throw QualifierSyntaxError(at: current, "expected ',' or ')' in the list, found \(current.quoted)")
      }
    }
  }

  /// A literal value: string, number, `true`, `false`, `null` or `nil`.
  private mutating func parseLiteral() -> QualifierValue? {
    guard !isAtTerminator, let value = current.literal else { return nil }
    index += 1
    return value
  }

  /// A variable, `$name` or `$user.id`: a `.binding` with the name after `$`.
  private mutating func parseBinding() -> QualifierValue? {
    guard !isAtTerminator, case .identifier(let word) = current.kind, word.hasPrefix("$"), word.count > 1
    else { return nil }
    index += 1
    return .binding(String(word.dropFirst()))
  }

  static func isValueKeyword(_ word: String) -> Bool {
    ["true", "false", "null", "nil"].contains(word.lowercased())
  }
}
