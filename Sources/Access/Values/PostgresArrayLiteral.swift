/// PostgreSQL's array text format: `{a,"b c",NULL}`, nested `{{1,2},{3,4}}`.
///
/// Lives in Access (not the PostgreSQL adaptor) because binding an array value on any
/// database and decoding one are both pure text work.
public enum PostgresArrayLiteral {
  /// Parses an array literal, decoding each element as `element`; nil when malformed or
  /// when it has explicit bounds (`[0:2]={1,2,3}`), which a plain list cannot keep: the
  /// value then stays text and is shown, never rewritten.
  public static func parse(_ text: String, element: ValueType) -> [DatabaseValue]? {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    guard let values = parser.parseArray(element: element), parser.atEnd else { return nil }
    return values
  }

  /// Formats values as an array literal as PostgreSQL's own output does: an element is
  /// quoted only when it must be (empty, `NULL` as text, or holding `{},"\` or white
  /// space), so integer arrays read `{1,2,3}` and `{NULL,4}`.
  public static func format(_ values: [DatabaseValue]) -> String {
    "{" + values.map(formatElement).joined(separator: ",") + "}"
  }

  private static func formatElement(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return "NULL"
    case .array(let inner): return format(inner)
    default:
      let text = value.literalText
      guard needsQuotes(text) else { return text }
      var quoted = "\""
      for character in text {
        if character == "\"" || character == "\\" { quoted.append("\\") }
        quoted.append(character)
      }
      return quoted + "\""
    }
  }

  /// Whether PostgreSQL quotes `text` as an array element.
  static func needsQuotes(_ text: String) -> Bool {
    text.isEmpty || text.lowercased() == "null"
      || text.unicodeScalars.contains { "{},\"\\ \t\n\r\u{0B}\u{0C}".unicodeScalars.contains($0) }
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0

    var atEnd: Bool { position == scalars.count }

    mutating func parseArray(element: ValueType) -> [DatabaseValue]? {
      guard position < scalars.count, scalars[position] == "{" else { return nil }
      position += 1
      skipBlanks()
      var values: [DatabaseValue] = []
      if position < scalars.count, scalars[position] == "}" {
        position += 1
        return values
      }
      while position < scalars.count {
        skipBlanks()
        guard position < scalars.count else { return nil }
        if scalars[position] == "{" {
          guard let inner = parseArray(element: element) else { return nil }
          values.append(.array(inner))
        } else if scalars[position] == "\"" {
          guard let text = parseQuoted() else { return nil }
          values.append(element.decode(text: text))
        } else {
          let start = position
          while position < scalars.count, scalars[position] != ",", scalars[position] != "}" {
            position += 1
          }
          let text = String(String.UnicodeScalarView(scalars[start..<position]))
            .trimmingCharacters(in: .whitespaces)
          guard !text.isEmpty else { return nil }
          values.append(text.uppercased() == "NULL" ? .null : element.decode(text: text))
        }
        skipBlanks()
        guard position < scalars.count else { return nil }
        if scalars[position] == "," {
          position += 1
        } else if scalars[position] == "}" {
          position += 1
          return values
        } else {
          return nil
        }
      }
      return nil
    }

    mutating func skipBlanks() {
      while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    mutating func parseQuoted() -> String? {
      position += 1
      var text = String.UnicodeScalarView()
      while position < scalars.count {
        let scalar = scalars[position]
        position += 1
        if scalar == "\\" {
          guard position < scalars.count else { return nil }
          text.append(scalars[position])
          position += 1
        } else if scalar == "\"" {
          return String(text)
        } else {
          text.append(scalar)
        }
      }
      return nil
    }
  }
}

extension DatabaseValue {
  /// The value as the text a database accepts for a parameter of its type (no quoting):
  /// `42`, `4.99`, `Infinity`, `2005-05-24`, `t`, `\x0aff`, `{a,b}`.
  public var literalText: String {
    switch self {
    case .null: return ""
    case .integer(let v): return String(v)
    case .real(let v) where v.isNaN: return "NaN"
    case .real(let v) where v.isInfinite: return v < 0 ? "-Infinity" : "Infinity"
    case .real(let v): return v.description
    case .decimal(let s), .text(let s), .json(let s): return s
    case .bool(let b): return b ? "t" : "f"
    case .blob(let bytes): return "\\x" + hexString(bytes)
    case .date(let d): return d.description
    case .time(let t): return t.description
    case .timestamp(let t): return t.description
    case .uuid(let u): return u.uuidString.lowercased()
    case .array(let values): return PostgresArrayLiteral.format(values)
    }
  }
}
