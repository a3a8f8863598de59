import TerminalCore
import Theming

/// The text, cursor and scroll of a `TextField`, owned by the application.
public struct TextFieldState: Hashable, Sendable {
  var editor: LineEditor
  /// The first character shown (the text scrolls sideways to keep the cursor visible).
  public internal(set) var scroll = 0
  /// The most characters the field accepts (nil: no limit).
  public var maxLength: Int?

  /// Creates a state holding `text` with the cursor at its end.
  public init(_ text: String = "", maxLength: Int? = nil) {
    editor = LineEditor(text)
    self.maxLength = maxLength
    if let maxLength, editor.characters.count > maxLength {
      editor = LineEditor(String(editor.characters.prefix(maxLength)))
    }
  }

  /// The text.
  public var text: String {
    get { editor.text }
    set { editor = LineEditor(newValue) }
  }

  /// Whether the field holds no text (without building the text).
  public var isEmpty: Bool { editor.characters.isEmpty }

  /// The cursor as a character index (0…count).
  public var cursor: Int {
    get { editor.cursor }
    set { editor.cursor = min(max(0, newValue), editor.characters.count) }
  }

  /// Applies an editing key (characters, Backspace, Delete, ←/→, Home/End, Ctrl-A/E/U/K/W,
  /// Alt-B/F/D). Returns false for keys it does not use, so the caller can handle them.
  public mutating func handle(_ event: KeyEvent) -> Bool {
    editor.handle(event, limit: maxLength)
  }

  /// Inserts pasted text at the cursor; line breaks become spaces.
  public mutating func paste(_ text: String) {
    let flat = text.map { $0.isNewline ? " " : $0 }
    editor.insert(String(flat), limit: maxLength)
  }
}

/// A one-line text input. When focused it places the terminal cursor; the text scrolls
/// sideways to keep the cursor visible. `mask` hides the text (passwords).
public struct TextField: StatefulWidget {
  /// Shown in the muted style while the field is empty.
  public var placeholder: String
  /// Draw every character as this one (e.g. `•`).
  public var mask: Character?
  /// Whether the field has the focus.
  public var focused: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a text field.
  public init(placeholder: String = "", mask: Character? = nil, focused: Bool = true, theme: Theme) {
    self.placeholder = placeholder
    self.mask = mask
    self.focused = focused
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout TextFieldState) {
    guard !area.isEmpty else { return }
    let row = area.row(0)
    let style = theme[focused ? .focusedInput : .input]
    buffer.fill(row, with: .blank(style))
    if state.isEmpty && !placeholder.isEmpty {
      buffer.setString(
        placeholder, x: row.x, y: row.y, width: row.width,
        style: theme[.placeholder].background(style.background))
    }
    let visibleWidth = max(1, row.width - 1)
    let window = state.editor.window(from: state.scroll, width: visibleWidth, mask: mask)
    state.scroll = window.start
    let cursorColumn = window.cursorColumn
    buffer.setString(
      state.editor.displayed(from: window.start, width: row.width, mask: mask), x: row.x, y: row.y,
      style: style, maxWidth: row.width)
    if focused { buffer.cursor = Point(x: row.x + cursorColumn, y: row.y) }
  }
}
