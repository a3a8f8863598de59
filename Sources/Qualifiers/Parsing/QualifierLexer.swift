/// Splits qualifier or rule text into tokens.
///
/// Key paths are identifiers joined by dots; a key that is not a plain identifier is
/// written in backquotes (`` `Qty.` ``, `` address.`Street №` ``, a doubled backquote
/// standing for one). Strings take single or double quotes, backslash escapes (`\n`, `\t`, `\\`, `\'`) and
/// doubled quotes (`'it''s'`); `\*` and `\?` keep their backslash, so that in a `like`
/// pattern they match a literal `*` or `?`. A `-` directly before a digit starts a negative number.
/// `#` and `//` start a comment that runs to the end of the line.
public struct QualifierLexer {
  private let characters: [Character]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  public init(_ text: String) {
    characters = Array(text)
  }

  /// All tokens of the text, ending with one `.end` token.
  public static func tokenize(_ text: String) throws(QualifierSyntaxError) -> [QualifierToken] {
    var lexer = QualifierLexer(text)
    var tokens: [QualifierToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.isEnd { return tokens }
    }
  }

  private static let symbols = [
    "===", "!==", "=>", "<=", ">=", "==", "!=", "<>", "&&", "||",
    "=", "<", ">", "!", "(", ")", "[", "]", "{", "}", ",", ";", ":",
  ]

  /// The next token; `.end` once the text is used up.
  public mutating func next() throws(QualifierSyntaxError) -> QualifierToken {
    skipSpaceAndComments()
    let start = index
    guard index < characters.count else { return token(.end, from: start) }
    let c = characters[index]
    if c == "'" || c == "\"" { return try string(quote: c) }
    if c.isNumber || (c == "-" && peek(1)?.isNumber == true) { return try number() }
    if c.isLetter || c == "_" || c == "$" || c == "`" {
      while index < characters.count {
        if characters[index] == "`" {
          try skipQuotedKey()
        } else if isIdentifierCharacter(characters[index]) {
          index += 1
        } else {
          break
        }
      }
      return token(.identifier(String(characters[start..<index])), from: start)
    }
    // Only the words and symbols that start with this character are tried (trying each at
    // every position cost most of a rule file's parse).
    for word in ["*true*", "*false*"] where c == "*" && matches(word, caseInsensitive: true) {
      index += word.count
      return token(.constant(word == "*true*"), from: start)
    }
    for symbol in Self.symbols where symbol.first == c && matches(symbol, caseInsensitive: false) {
      index += symbol.count
      return token(.symbol(symbol), from: start)
    }
    throw error(at: start, "unexpected character '\(c)'")
  }

  /// Moves past one backquoted key, `` `Qty.` `` (a doubled backquote stands for one).
  private mutating func skipQuotedKey() throws(QualifierSyntaxError) {
    let start = index
    index += 1
    while index < characters.count, characters[index] != "\n" {
      index += 1
      if characters[index - 1] == "`" {
        guard index < characters.count, characters[index] == "`" else { return }
        index += 1
      }
    }
    throw error(at: start, "unterminated quoted key (a key in backquotes ends with `)")
  }

  private func isIdentifierCharacter(_ c: Character) -> Bool {
    c.isLetter || c.isNumber || c == "_" || c == "." || c == "$"
  }

  private func peek(_ distance: Int) -> Character? {
    index + distance < characters.count ? characters[index + distance] : nil
  }

  private func matches(_ word: String, caseInsensitive: Bool) -> Bool {
    var i = index
    for w in word {
      guard i < characters.count else { return false }
      let c = characters[i]
      if caseInsensitive ? c.lowercased() != w.lowercased() : c != w { return false }
      i += 1
    }
    return true
  }

  private mutating func skipSpaceAndComments() {
    while index < characters.count {
      let c = characters[index]
      if c == "\n" {
        index += 1
        line += 1
        lineStart = index
      } else if c.isWhitespace {
        index += 1
      } else if c == "#" || (c == "/" && peek(1) == "/") {
        while index < characters.count, characters[index] != "\n" { index += 1 }
      } else {
        return
      }
    }
  }

  private mutating func string(quote: Character) throws(QualifierSyntaxError) -> QualifierToken {
    let start = index
    index += 1
    var value = ""
    while index < characters.count {
      let c = characters[index]
      if c == "\n" { break }
      index += 1
      if c == "\\", index < characters.count {
        // `\*` and `\?` stay escaped: a like pattern then matches a literal * or ?.
        if characters[index] == "*" || characters[index] == "?" { value.append("\\") }
        value.append(Self.unescape(characters[index]))
        index += 1
      } else if c == quote {
        guard index < characters.count, characters[index] == quote else {
          return token(.string(value), from: start)
        }
        value.append(quote)
        index += 1
      } else {
        value.append(c)
      }
    }
    throw error(at: start, "unterminated string")
  }

  private static func unescape(_ c: Character) -> Character {
    switch c {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "0": return "\0"
    default: return c
    }
  }

  private mutating func number() throws(QualifierSyntaxError) -> QualifierToken {
    let start = index
    if characters[index] == "-" { index += 1 }
    while index < characters.count, characters[index].isNumber { index += 1 }
    var isDecimal = false
    if index < characters.count, characters[index] == ".", peek(1)?.isNumber == true {
      isDecimal = true
      index += 1
      while index < characters.count, characters[index].isNumber { index += 1 }
    }
    let text = String(characters[start..<index])
    if isDecimal { return token(.decimal(text), from: start) }
    guard let value = Int64(text) else { throw error(at: start, "integer \(text) is too large") }
    return token(.integer(value), from: start)
  }

  private func token(_ kind: QualifierToken.Kind, from start: Int) -> QualifierToken {
    QualifierToken(
      kind: kind, text: String(characters[start..<index]), offset: start, line: line,
      column: start - lineStart + 1)
  }

  private func error(at offset: Int, _ message: String) -> QualifierSyntaxError {
    QualifierSyntaxError(offset: offset, line: line, column: offset - lineStart + 1, message: message)
  }
}
