extension Qualifier {
  /// Parses qualifier text: `lastName like 'S*' and (active = true or id in (1, 2))`.
  ///
  /// Throws a `QualifierSyntaxError` naming the column and what was expected.
  public init(parsing text: String) throws(QualifierSyntaxError) {
    try self.init(tokens: QualifierLexer.tokenize(text))
  }

  /// Parses already lexed tokens; the last token ends the qualifier (`.end`, or the
  /// `=>` of a rule) and is named in messages when something else was expected.
  public init(tokens: [QualifierToken]) throws(QualifierSyntaxError) {
    guard !tokens.isEmpty else {
      throw QualifierSyntaxError(offset: 0, line: 1, column: 1, message: "expected a qualifier, found end of input")
    }
    var parser = QualifierParser(tokens: tokens)
    self = try parser.parseAll()
  }

  /// The number of comparisons: how specific a rule predicate is. `*true*` counts 0.
  public var complexity: Int {
    switch self {
    case .constant: return 0
    case .comparison, .keyComparison, .among: return 1
    case .and(let parts), .or(let parts): return parts.reduce(0) { $0 + $1.complexity }
    case .not(let inner): return inner.complexity
    }
  }

  /// Every key path the qualifier reads, left to right, with repeats.
  public var keyPaths: [PropertyPath] {
    switch self {
    case .constant: return []
    case .comparison(let key, _, _): return [key]
    case .keyComparison(let left, _, let right): return [left, right]
    case .and(let parts), .or(let parts): return parts.flatMap(\.keyPaths)
    case .not(let inner): return inner.keyPaths
    case .among(let source): return source.columns.keys.sorted { $0.description < $1.description }
    }
  }
}
