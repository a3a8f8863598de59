/// One token of qualifier or rule text, with where it starts.
///
/// `QualifierLexer` produces them; the qualifier parser and the rule-file parser of the
/// `Rules` module both read them, so both languages share strings, numbers and key paths.
public struct QualifierToken: Hashable, Sendable {
  /// What the token is.
  public enum Kind: Hashable, Sendable {
    /// A key path or keyword: `address.city`, `and`, `like`, `true`.
    case identifier(String)
    /// A quoted string with its escapes already applied.
    case string(String)
    case integer(Int64)
    /// A decimal literal in its source text: `4.99`.
    case decimal(String)
    /// An operator or punctuation: `=`, `==`, `<=`, `=>`, `&&`, `(`, `,`, `;`, `{`.
    case symbol(String)
    /// `*true*` or `*false*`.
    case constant(Bool)
    /// The end of the text.
    case end
  }

  public var kind: Kind
  /// The token's source text (`'it''s'` for a string), used in messages.
  public var text: String
  /// Characters from the start of the lexed text.
  public var offset: Int
  /// 1-based line and column of the first character.
  public var line: Int
  public var column: Int

  public init(kind: Kind, text: String, offset: Int, line: Int, column: Int) {
    self.kind = kind
    self.text = text
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// How messages name the token: `'=>'`, `'lastName'`, or `end of input`.
  public var quoted: String {
    if case .end = kind { return "end of input" }
    return "'\(text)'"
  }

  /// Whether this is the given symbol.
  public func isSymbol(_ symbol: String) -> Bool {
    if case .symbol(let s) = kind { return s == symbol }
    return false
  }

  /// Whether this is an identifier equal to `word`, ignoring case.
  public func isKeyword(_ word: String) -> Bool {
    if case .identifier(let name) = kind { return name.lowercased() == word }
    return false
  }

  /// The value of a literal token: a string, a number, `true`, `false`, `null` or `nil`.
  public var literal: QualifierValue? {
    switch kind {
    case .string(let s): return .string(s)
    case .integer(let i): return .integer(i)
    case .decimal(let d): return .decimal(d)
    case .identifier(let word):
      switch word.lowercased() {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "null", "nil": return .null
      default: return nil
      }
    default: return nil
    }
  }

  public var isEnd: Bool {
    if case .end = kind { return true }
    return false
  }
}
