import Qualifiers

/// `object=PK` in `d2t rules explain --context` with a database: the primary key of the
/// row to fetch (`object=1`, `object=1,23` for a compound key in key order, `object='a b'`).
///
/// It is taken out of the context text before the rest sets keys as usual, because a
/// compound key is not one value.
enum ContextObjectKey {
  /// The context text without `object=…`, and the key's values as written (nil when the
  /// text has no `object=`).
  static func split(_ text: String) throws(QualifierSyntaxError) -> (context: String, primaryKey: [String]?) {
    let tokens = try QualifierLexer.tokenize(text)
    var index = 0
    while !tokens[index].isEnd {
      guard case .identifier("object") = tokens[index].kind, tokens[index + 1].isSymbol("=") else {
        index += 1
        continue
      }
      var values: [String] = []
      var last = index + 2
      while true {
        guard let value = Self.text(of: tokens[last]) else {
          throw QualifierSyntaxError(
            at: tokens[last], "expected a primary key value after 'object=', found \(tokens[last].quoted)")
        }
        values.append(value)
        guard tokens[last + 1].isSymbol(",") else { break }
        last += 2
      }
      let characters = Array(text)
      let end = tokens[last].offset + tokens[last].text.count
      let rest = String(characters[..<tokens[index].offset]) + String(characters[end...])
      return (rest, values)
    }
    return (text, nil)
  }

  private static func text(of token: QualifierToken) -> String? {
    switch token.kind {
    case .string(let text), .decimal(let text), .identifier(let text): return text
    case .integer(let value): return String(value)
    default: return nil
    }
  }
}
