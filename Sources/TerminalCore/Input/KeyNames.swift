/// Parses key names as `tmux send-keys` writes them, so scripts and `--keys` options can
/// drive a program: `Enter Escape Tab BTab Up Down Left Right PageUp PageDown Home End
/// F1…F12 Space BSpace DC IC`, `C-x` (Control), `M-x` (Alt), combined as `C-M-x`. Any other
/// token is literal text, one key per character.
public enum KeyNames {
  static let named: [String: Key] = [
    "Enter": .enter, "Escape": .escape, "Tab": .tab, "BTab": .backTab, "Up": .up,
    "Down": .down, "Left": .left, "Right": .right, "PageUp": .pageUp, "PPage": .pageUp,
    "PageDown": .pageDown, "NPage": .pageDown, "Home": .home, "End": .end,
    "Space": .character(" "), "BSpace": .backspace, "DC": .delete, "Delete": .delete,
    "IC": .insert, "Insert": .insert,
  ]

  /// The key events for one token.
  public static func parse(token: String) -> [KeyEvent] {
    if let key = named[token] { return [KeyEvent(key)] }
    if let n = functionNumber(token) { return [KeyEvent(.function(n))] }
    var modifiers: KeyModifiers = []
    var rest = Substring(token)
    while rest.count > 2, let prefix = rest.first, rest.dropFirst().first == "-" {
      switch prefix {
      case "C": modifiers.insert(.control)
      case "M": modifiers.insert(.alt)
      case "S": modifiers.insert(.shift)
      default: return literal(token)
      }
      rest = rest.dropFirst(2)
    }
    if !modifiers.isEmpty, rest.count == 1, let c = rest.first {
      let char = modifiers.contains(.control) ? Character(c.lowercased()) : c
      return [KeyEvent(.character(char), modifiers: modifiers)]
    }
    if !modifiers.isEmpty, let key = named[String(rest)] {
      if key == .tab && modifiers == .shift { return [KeyEvent(.backTab)] }
      return [KeyEvent(key, modifiers: modifiers)]
    }
    return literal(token)
  }

  /// The key a config file names: a tmux name (`C-q`, `Escape`, `NPage`, `F5`) or the name
  /// d2t shows for it in help and the status bar (`Ctrl-Q`, `Esc`, `PgDn`, `Backspace`,
  /// `Shift-Tab`, `Alt-x`, `↓`); nil for anything that is not exactly one key (`banana`).
  public static func key(named name: String) -> KeyEvent? {
    let shown: [String: Key] = [
      "Esc": .escape, "PgUp": .pageUp, "PgDn": .pageDown, "Backspace": .backspace, "Del": .delete,
      "Ins": .insert, "Return": .enter, "↑": .up, "↓": .down, "←": .left, "→": .right,
    ]
    var rest = Substring(name)
    var modifiers: KeyModifiers = []
    let prefixes: [(String, KeyModifiers)] = [
      ("Ctrl-", .control), ("Alt-", .alt), ("Meta-", .alt), ("Shift-", .shift),
    ]
    while let (prefix, modifier) = prefixes.first(where: { rest.hasPrefix($0.0) && rest.count > $0.0.count }) {
      modifiers.insert(modifier)
      rest = rest.dropFirst(prefix.count)
    }
    if rest == "Tab" && modifiers == .shift { return KeyEvent(.backTab) }
    if let key = shown[String(rest)] { return KeyEvent(key, modifiers: modifiers) }
    var token = String(rest)
    if modifiers.contains(.shift) { token = "S-" + token }
    if modifiers.contains(.alt) { token = "M-" + token }
    if modifiers.contains(.control) { token = "C-" + token }
    let events = parse(token: token)
    return events.count == 1 ? events[0] : nil
  }

  /// The key events for a list of tokens.
  public static func parse(tokens: [String]) -> [KeyEvent] {
    tokens.flatMap { parse(token: $0) }
  }

  /// The key events for a space-separated string of tokens (`"j j Down C-d q"`).
  public static func parse(_ text: String) -> [KeyEvent] {
    parse(tokens: text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
  }

  static func functionNumber(_ token: String) -> Int? {
    guard token.hasPrefix("F"), let n = Int(token.dropFirst()), (1...12).contains(n) else {
      return nil
    }
    return n
  }

  static func literal(_ token: String) -> [KeyEvent] {
    token.map { KeyEvent(.character($0)) }
  }
}
