import Access

/// The text d2t shows and edits for an array value, read back exactly.
///
/// Items are separated by `, `; a nested array is `{…}`; a NULL item is `∅` (`NULL`
/// unquoted is read as NULL too); an item is put in double quotes, with `\"` and `\\`
/// escapes, when it is empty, has a comma, quote, backslash or brace, leading or trailing
/// blanks, or reads `∅`/`NULL`. The empty array is `{}`. So `{"a,b","c\"d",NULL,"","NULL"}`
/// shows as `"a,b", "c\"d", ∅, "", "NULL"` and `{{1,2},{3,4}}` as `{1, 2}, {3, 4}`.
public enum ArrayText {
  public static let null = "∅"

  /// The text of an array's items.
  public static func format(_ values: [DatabaseValue]) -> String {
    values.isEmpty ? "{}" : values.map(item).joined(separator: ", ")
  }

  /// One item as it appears in the text (quoted where needed).
  public static func item(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return null
    case .array(let inner): return "{" + inner.map(item).joined(separator: ", ") + "}"
    default:
      let text = scalarText(value)
      return needsQuotes(text) ? quoted(text) : text
    }
  }

  private static func scalarText(_ value: DatabaseValue) -> String {
    switch value {
    case .text(let text): return text
    case .bool(let b): return b ? "yes" : "no"
    default: return value.literalText
    }
  }

  private static func needsQuotes(_ text: String) -> Bool {
    if text.isEmpty || text == null || text.uppercased() == "NULL" { return true }
    if text.first?.isWhitespace == true || text.last?.isWhitespace == true { return true }
    return text.contains { $0 == "," || $0 == "\"" || $0 == "\\" || $0 == "{" || $0 == "}" }
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }

  /// Reads the text back: every item parsed as `element` (as the editor parses a single
  /// value); nested arrays must be rectangular, as PostgreSQL requires.
  public static func parse(_ text: String, element: ValueType) -> Result<DatabaseValue, ValueParser.Failure> {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed == "{}" { return .success(.array([])) }
    var reader = Reader(scalars: Array(trimmed.unicodeScalars), element: element)
    do {
      let values = try reader.items(closing: nil)
      guard shape(of: values) != nil else {
        throw ValueParser.Failure(reason: "nested lists must all have the same length")
      }
      return .success(.array(values))
    } catch let failure as ValueParser.Failure {
      return .failure(failure)
    } catch {
      return .failure(ValueParser.Failure(reason: "a list of items"))
    }
  }

  /// The dimensions of a rectangular nesting; nil when ragged or mixed.
  private static func shape(of values: [DatabaseValue]) -> [Int]? {
    let inner = values.compactMap { value -> [DatabaseValue]? in
      if case .array(let items) = value { return items }
      return nil
    }
    if inner.isEmpty { return [values.count] }
    guard inner.count == values.count else { return nil }
    let shapes = inner.map(shape(of:))
    guard let first = shapes.first, let firstShape = first, shapes.allSatisfy({ $0 == firstShape }) else {
      return nil
    }
    return [values.count] + firstShape
  }

  private struct Reader {
    let scalars: [Unicode.Scalar]
    let element: ValueType
    var position = 0
    var itemNumber = 0

    init(scalars: [Unicode.Scalar], element: ValueType) {
      self.scalars = scalars
      self.element = element
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func skipBlanks() {
      while let scalar = current, scalar.properties.isWhitespace { position += 1 }
    }

    func failure(_ reason: String) -> ValueParser.Failure {
      ValueParser.Failure(reason: reason + " (at character \(position + 1))")
    }

    /// Items up to `closing` (`}` for a nested list) or the end of the text.
    mutating func items(closing: Unicode.Scalar?) throws -> [DatabaseValue] {
      var values: [DatabaseValue] = []
      skipBlanks()
      if closing != nil, current == "}" {
        position += 1
        return values
      }
      while true {
        skipBlanks()
        values.append(try item(closing: closing))
        skipBlanks()
        switch current {
        case ","?:
          position += 1
        case nil:
          if closing != nil { throw failure("a { is not closed") }
          return values
        case "}"? where closing != nil:
          position += 1
          return values
        default:
          throw failure("a comma between items")
        }
      }
    }

    mutating func item(closing: Unicode.Scalar?) throws -> DatabaseValue {
      switch current {
      case "{"?:
        position += 1
        return .array(try items(closing: "}"))
      case "\""?:
        let text = try quoted()
        return try typed(text)
      default:
        let start = position
        while let scalar = current, scalar != ",", scalar != "}" {
          if scalar == "\"" || scalar == "\\" || scalar == "{" {
            throw failure("put an item with \(Character(scalar)) in double quotes")
          }
          position += 1
        }
        if current == "}" && closing == nil { throw failure("an unmatched }") }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
          .trimmingCharacters(in: .whitespaces)
        if text.isEmpty { throw failure("an item (an empty text is \"\")") }
        if text == ArrayText.null || text.uppercased() == "NULL" {
          itemNumber += 1
          return .null
        }
        return try typed(text)
      }
    }

    mutating func quoted() throws -> String {
      position += 1
      var text = String.UnicodeScalarView()
      while let scalar = current {
        position += 1
        if scalar == "\\" {
          guard let next = current else { break }
          text.append(next)
          position += 1
        } else if scalar == "\"" {
          return String(text)
        } else {
          text.append(scalar)
        }
      }
      throw failure("a quote is not closed")
    }

    mutating func typed(_ text: String) throws -> DatabaseValue {
      itemNumber += 1
      switch ValueParser.parse(text, as: element) {
      case .success(let value): return value
      case .failure(let failure):
        throw ValueParser.Failure(reason: "item \(itemNumber): " + failure.reason)
      }
    }
  }
}
