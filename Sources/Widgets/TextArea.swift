import TerminalCore
import Theming

/// The lines, cursor and scroll of a `TextArea`, owned by the application.
public struct TextAreaState: Hashable, Sendable {
  var lines: [LineEditor]
  /// The cursor's line.
  public private(set) var row = 0
  /// First visible line.
  public internal(set) var scrollRow = 0
  /// Columns scrolled off the left.
  public internal(set) var scrollColumn = 0

  /// Creates a state holding `text` with the cursor at the end.
  public init(_ text: String = "") {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      LineEditor(String($0))
    }
    row = lines.count - 1
  }

  /// The text, lines joined with `\n`.
  public var text: String { lines.map(\.text).joined(separator: "\n") }

  /// The cursor's column as a character index in its line.
  public var column: Int { lines[row].cursor }

  /// Applies a key: editing keys as in a text field on the current line, plus Enter (new
  /// line), ↑/↓, PgUp/PgDn, Backspace at a line start and Delete at a line end (join).
  /// Returns false for keys it does not use (Esc, Tab…).
  public mutating func handle(_ event: KeyEvent, pageSize: Int = 10) -> Bool {
    switch (event.key, event.modifiers) {
    case (.enter, []):
      let line = lines[row]
      lines[row] = LineEditor(String(line.characters[..<line.cursor]))
      var rest = LineEditor(String(line.characters[line.cursor...]))
      rest.cursor = 0
      lines.insert(rest, at: row + 1)
      row += 1
    case (.up, []): moveRow(by: -1)
    case (.down, []): moveRow(by: 1)
    case (.pageUp, []): moveRow(by: -max(1, pageSize))
    case (.pageDown, []): moveRow(by: max(1, pageSize))
    case (.backspace, []) where lines[row].cursor == 0 && row > 0:
      let line = lines.remove(at: row)
      row -= 1
      let joinAt = lines[row].characters.count
      lines[row].characters += line.characters
      lines[row].cursor = joinAt
    case (.delete, [])
    where lines[row].cursor == lines[row].characters.count && row + 1 < lines.count:
      let next = lines.remove(at: row + 1)
      lines[row].characters += next.characters
    default:
      return lines[row].handle(event, limit: nil)
    }
    return true
  }

  /// Inserts pasted text at the cursor, line breaks included.
  public mutating func paste(_ text: String) {
    for (i, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if i > 0 { _ = handle(KeyEvent(.enter)) }
      lines[row].insert(String(part), limit: nil)
    }
  }

  mutating func moveRow(by delta: Int) {
    let column = lines[row].cursor
    row = min(max(0, row + delta), lines.count - 1)
    lines[row].cursor = min(column, lines[row].characters.count)
  }
}

/// A multi-line text editor (no wrapping: long lines scroll sideways).
public struct TextArea: StatefulWidget {
  /// Whether the area has the focus (then it places the cursor).
  public var focused: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a text area.
  public init(focused: Bool = true, theme: Theme) {
    self.focused = focused
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout TextAreaState) {
    guard !area.isEmpty else { return }
    let style = theme[focused ? .focusedInput : .input]
    buffer.fill(area, with: .blank(style))
    if state.row < state.scrollRow { state.scrollRow = state.row }
    if state.row >= state.scrollRow + area.height { state.scrollRow = state.row - area.height + 1 }
    let cursorColumn = state.lines[state.row].width(upTo: state.column, mask: nil)
    let visibleWidth = max(1, area.width - 1)
    if cursorColumn < state.scrollColumn { state.scrollColumn = cursorColumn }
    if cursorColumn > state.scrollColumn + visibleWidth {
      state.scrollColumn = cursorColumn - visibleWidth
    }
    for line in 0..<min(area.height, state.lines.count - state.scrollRow) {
      drawScrolled(
        state.lines[state.scrollRow + line].text, scroll: state.scrollColumn, in: area.row(line),
        buffer: &buffer, style: style)
    }
    if focused {
      buffer.cursor = Point(
        x: area.x + cursorColumn - state.scrollColumn, y: area.y + state.row - state.scrollRow)
    }
  }
}
