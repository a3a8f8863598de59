import Synchronization
import TerminalCore

/// What a key does in a line of text being typed (every text field, the console's editor,
/// the filter and search lines): the readline keys, as data.
public enum TextEditAction: String, Hashable, Sendable, CaseIterable {
  case left, right, lineStart, lineEnd, wordLeft, wordRight
  case deleteBack, deleteForward, deleteWordBack, deleteWordForward, clearToStart, clearToEnd
}

/// The text-editing keys: `defaults` (Ctrl-A/E/U/K/W, Alt-B/F/D, arrows, Home/End,
/// Backspace, Delete) as config.toml's `[keys.text]` rebinds them (`configure`), for the
/// whole process: every text field edits with the same keys.
public enum TextKeys {
  public static let defaults = KeyMap<TextEditAction>(
    "Typing",
    [
      KeyBinding([KeyEvent(.left), .ctrl("b")], .left, "Character left"),
      KeyBinding([KeyEvent(.right), .ctrl("f")], .right, "Character right"),
      KeyBinding([KeyEvent(.home), .ctrl("a")], .lineStart, "Start of the line"),
      KeyBinding([KeyEvent(.end), .ctrl("e")], .lineEnd, "End of the line"),
      KeyBinding(
        [.alt("b"), KeyEvent(.left, modifiers: .control), KeyEvent(.left, modifiers: .alt)], .wordLeft, "Word left"),
      KeyBinding(
        [.alt("f"), KeyEvent(.right, modifiers: .control), KeyEvent(.right, modifiers: .alt)], .wordRight, "Word right"),
      KeyBinding([KeyEvent(.backspace), .ctrl("h")], .deleteBack, "Delete the character before"),
      KeyBinding(KeyEvent(.delete), .deleteForward, "Delete the character under the cursor"),
      KeyBinding([.ctrl("w"), KeyEvent(.backspace, modifiers: .alt)], .deleteWordBack, "Delete the word before"),
      KeyBinding(.alt("d"), .deleteWordForward, "Delete the word after"),
      KeyBinding(.ctrl("u"), .clearToStart, "Clear to the start of the line"),
      KeyBinding(.ctrl("k"), .clearToEnd, "Clear to the end of the line"),
    ])

  private static let current = Mutex(defaults)

  /// The keys in use.
  public static var map: KeyMap<TextEditAction> { current.withLock { $0 } }

  /// Uses `map` from now on (the app does, once, with the configuration's rebinding).
  public static func configure(_ map: KeyMap<TextEditAction>) {
    current.withLock { $0 = map }
  }
}
