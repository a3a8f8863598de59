import TerminalCore

/// Reads the theme-file format described in `Themes/README.md`:
///
/// ```
/// # comment
/// name = Default dark
/// $base = #1e2030
/// surface = #c8d3f5 on $base
/// selection = black on cyan bold
/// ```
public enum ThemeParser {
  /// Parses theme text. `file` names the source in errors.
  public static func parse(_ text: String, file: String) throws(ThemeError) -> Theme {
    var theme = Theme(name: file, styles: [:])
    var variables: [String: Color] = [:]
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = index + 1
      let content = rawLine
      let trimmed = content.trimmingSpaces
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      func fail(_ message: String, at token: Substring? = nil) -> ThemeError {
        let column =
          token.map { rawLine.distance(from: rawLine.startIndex, to: $0.startIndex) + 1 } ?? 1
        return ThemeError(file: file, line: line, column: column, message: message)
      }
      guard let equals = content.firstIndex(of: "=") else {
        throw fail("expected `role = style`, `name = …` or `$variable = colour`", at: trimmed)
      }
      let key = content[..<equals].trimmingSpaces
      let value = content[content.index(after: equals)...]
      if key == "name" {
        theme.name = String(value.trimmingSpaces)
      } else if key.hasPrefix("$") {
        let tokens = tokensOf(value)
        guard tokens.count == 1 else {
          throw fail("a variable holds exactly one colour", at: tokens.dropFirst().first ?? key)
        }
        variables[String(key)] = try color(tokens[0], variables: variables, fail: fail)
      } else if let role = ThemeRole(fileName: String(key)) {
        if theme.styles[role] != nil { throw fail("role '\(key)' is defined twice", at: key) }
        theme.styles[role] = try style(
          tokensOf(value), variables: variables, fail: fail, whole: key)
      } else {
        let known = ThemeRole.allCases.map(\.fileName).joined(separator: ", ")
        throw fail("unknown role '\(key)' (known roles: \(known))", at: key)
      }
    }
    return theme
  }

  static func tokensOf(_ s: Substring) -> [Substring] {
    s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
  }

  static func style(
    _ tokens: [Substring], variables: [String: Color],
    fail: (String, Substring?) -> ThemeError, whole: Substring
  ) throws(ThemeError) -> Style {
    var style = Style()
    var i = 0
    var sawForeground = false
    while i < tokens.count {
      let token = tokens[i]
      if let attribute = TextAttributes.named.first(where: { $0.name == token }) {
        style.attributes.insert(attribute.attribute)
      } else if token == "on" {
        guard i + 1 < tokens.count else { throw fail("'on' needs a background colour", token) }
        i += 1
        style.background = try color(tokens[i], variables: variables, fail: fail)
      } else if !sawForeground {
        style.foreground = try color(token, variables: variables, fail: fail)
        sawForeground = true
      } else {
        throw fail("unexpected '\(token)': write `FOREGROUND on BACKGROUND ATTRIBUTES…`", token)
      }
      i += 1
    }
    guard !tokens.isEmpty else { throw fail("missing style after '='", whole) }
    return style
  }

  /// Parses `#rrggbb`, `#rgb`, `default`, an ANSI name, a palette number 0–255, or `$var`.
  static func color(
    _ token: Substring, variables: [String: Color], fail: (String, Substring?) -> ThemeError
  ) throws(ThemeError) -> Color {
    if token == "default" { return .default }
    if token.hasPrefix("$") {
      guard let value = variables[String(token)] else {
        throw fail("undefined variable '\(token)'", token)
      }
      return value
    }
    if let index = Color.ansiNames.firstIndex(of: String(token)) { return .indexed(UInt8(index)) }
    if let n = Int(token), (0...255).contains(n) { return .indexed(UInt8(n)) }
    if token.hasPrefix("#"), let rgb = hexColor(token.dropFirst()) { return rgb }
    throw fail(
      "unknown colour '\(token)' (use #rrggbb, #rgb, 0–255, default or an ANSI name such as bright-blue)",
      token)
  }

  static func hexColor(_ hex: Substring) -> Color? {
    guard hex.allSatisfy(\.isHexDigit) else { return nil }
    let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : Array(hex)
    guard digits.count == 6, let value = UInt32(String(digits), radix: 16) else { return nil }
    return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
