/// A dotted key path such as `address.city.country`, read by qualifiers and rules.
///
/// Keys that are not plain identifiers (a dot, a space, a quote, a leading digit, `€`, an
/// emoji, a reserved word such as `and` or `null`) are written in backquotes, with a
/// backquote inside doubled: `` `Qty.` ``, `` address.`Street №` ``, `` `it``s` ``. Every
/// place that prints a key path prints it this way, so printed text parses back.
///
/// Named `PropertyPath`, not `KeyPath`, so it never shadows Swift's own key paths in the
/// rule DSL.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The keys from first to last, e.g. `["address", "city", "country"]`.
  public var components: [String]

  public init(components: [String]) {
    self.components = components
  }

  /// The path of one property, whatever its name holds: `PropertyPath(key: "Qty.")` is
  /// the single key `Qty.`, not `Qty` followed by an empty key.
  public init(key: String) {
    self.components = [key]
  }

  /// Reads key-path text: splits at dots outside backquotes and removes the backquotes,
  /// `` "address.`Street №`" `` → `["address", "Street №"]`. An unclosed backquote runs
  /// to the end of the text.
  public init(_ text: String) {
    var components: [String] = []
    var current = ""
    var quoted = false
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let c = characters[index]
      index += 1
      if c == "`" {
        if quoted, index < characters.count, characters[index] == "`" {
          current.append("`")
          index += 1
        } else {
          quoted.toggle()
        }
      } else if c == ".", !quoted {
        components.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    components.append(current)
    self.components = components
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The first key.
  public var first: String { components.first ?? "" }

  /// The path without its first key (empty for a single key).
  public var rest: PropertyPath { PropertyPath(components: Array(components.dropFirst())) }

  public var isSingleKey: Bool { components.count == 1 }

  /// Parseable text: keys joined by dots, each in backquotes when it needs them.
  public var description: String { components.map(Self.quoted).joined(separator: ".") }

  /// `key` as it must be written in qualifier or rule text: as it is when it is a plain
  /// identifier, else in backquotes (`` `Qty.` ``, `` `order` ``).
  public static func quoted(_ key: String) -> String {
    guard needsQuotes(key) else { return key }
    var text = "`"
    for c in key { text += c == "`" ? "``" : String(c) }
    return text + "`"
  }

  /// Whether `key` must be backquoted to be read back as one key.
  public static func needsQuotes(_ key: String) -> Bool {
    guard let first = key.first, first.isLetter || first == "_" || first == "$" else { return true }
    if reservedWords.contains(key.lowercased()) { return true }
    return !key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
  }

  /// Words the qualifier and rule languages read as operators or values.
  public static let reservedWords: Set<String> = [
    "and", "or", "not", "like", "ilike", "in", "is", "true", "false", "null", "nil",
  ]
}
