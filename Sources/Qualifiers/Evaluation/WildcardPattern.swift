/// A `like` pattern: `*` matches any text, `?` exactly one character, and a backslash
/// makes the next character literal (`\*`, `\?`, `\\`).
public struct WildcardPattern: Sendable {
  /// One element of a pattern.
  enum Element: Equatable, Sendable {
    case anyText
    case oneCharacter
    case literal(Character)
  }

  private let pattern: [Element]

  init(_ pattern: String) {
    self.pattern = Self.elements(pattern)
  }

  /// The pattern's elements: wildcards, and literal characters with escapes resolved.
  static func elements(_ pattern: String) -> [Element] {
    var elements: [Element] = []
    var escaped = false
    for character in pattern {
      if escaped {
        elements.append(.literal(character))
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        elements.append(character == "*" ? .anyText : character == "?" ? .oneCharacter : .literal(character))
      }
    }
    if escaped { elements.append(.literal("\\")) }
    return elements
  }

  /// Greedy matching with backtracking to the last `*`: linear in practice.
  func matches(_ text: String) -> Bool {
    let text = Array(text)
    var p = 0
    var t = 0
    var star: Int?
    var starText = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == .oneCharacter || pattern[p] == .literal(text[t]) {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == .anyText {
        star = p
        starText = t
        p += 1
      } else if let star {
        p = star + 1
        starText += 1
        t = starText
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == .anyText { p += 1 }
    return p == pattern.count
  }
}

extension WildcardPattern {
  /// The pattern for SQL `LIKE … ESCAPE '\'`: `%` and `_` for the wildcards, the user's
  /// own `%`, `_` and `\` escaped.
  public static func sqlLike(_ pattern: String) -> String {
    var sql = ""
    for element in elements(pattern) {
      switch element {
      case .anyText: sql += "%"
      case .oneCharacter: sql += "_"
      case .literal(let c) where c == "%" || c == "_" || c == "\\": sql += "\\" + String(c)
      case .literal(let c): sql.append(c)
      }
    }
    return sql
  }

  /// The pattern for SQLite's case-sensitive `GLOB`: literal `*`, `?` and `[` in brackets.
  public static func sqliteGlob(_ pattern: String) -> String {
    var glob = ""
    for element in elements(pattern) {
      switch element {
      case .anyText: glob += "*"
      case .oneCharacter: glob += "?"
      case .literal(let c) where c == "*" || c == "?" || c == "[": glob += "[" + String(c) + "]"
      case .literal(let c): glob.append(c)
      }
    }
    return glob
  }
}
