/// A key press: a key and the modifiers held with it.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var key: Key
  /// Control, Alt, Shift.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// A plain character key.
  public static func char(_ c: Character) -> KeyEvent { KeyEvent(.character(c)) }

  /// Control plus a letter (`.ctrl("d")` is Ctrl-D).
  public static func ctrl(_ c: Character) -> KeyEvent {
    KeyEvent(.character(Character(c.lowercased())), modifiers: .control)
  }

  /// Alt plus a character.
  public static func alt(_ c: Character) -> KeyEvent { KeyEvent(.character(c), modifiers: .alt) }

  /// The character typed, when this is a plain (or shifted) character key.
  public var typedCharacter: Character? {
    guard case .character(let c) = key, modifiers.subtracting(.shift).isEmpty else { return nil }
    return c
  }

  /// A short human name for hints and help: `Enter`, `↑`, `Ctrl-D`, `Alt-x`, `F5`, `q`.
  public var description: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    let name: String
    switch key {
    case .character(" "): name = "Space"
    case .character(let c): name = modifiers.contains(.control) ? c.uppercased() : String(c)
    case .enter: name = "Enter"
    case .escape: name = "Esc"
    case .tab: name = "Tab"
    case .backTab: name = "Shift-Tab"
    case .backspace: name = "Backspace"
    case .delete: name = "Del"
    case .insert: name = "Ins"
    case .up: name = "↑"
    case .down: name = "↓"
    case .left: name = "←"
    case .right: name = "→"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case .function(let n): name = "F\(n)"
    }
    return prefix + name
  }
}
