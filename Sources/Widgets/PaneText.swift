import TerminalCore
import Theming

/// Lines written one under another down a pane (a page of text and fields: the export and
/// import pages), each made safe for the terminal and cut to the pane's width.
public struct PaneText {
  public let area: Rect
  public let theme: Theme
  /// The next line's row.
  public var y: Int

  public init(area: Rect, theme: Theme) {
    self.area = area
    self.theme = theme
    y = area.y
  }

  /// One line at `x` (from the pane's left), then the next row; nothing past the pane's end.
  public mutating func line(_ text: String, _ role: ThemeRole = .foreground, x: Int = 0, buffer: inout Buffer) {
    guard y < area.bottom else { return }
    buffer.setString(text.terminalSafe, x: area.x + x, y: y, width: max(0, area.width - x), style: theme[role])
    y += 1
  }

  /// `text` wrapped to the pane's width, at most `maxLines` lines.
  public mutating func wrapped(_ text: String, _ role: ThemeRole, maxLines: Int = 3, buffer: inout Buffer) {
    for part in text.terminalSafe.wrapped(toWidth: max(1, area.width), maxLines: maxLines) {
      line(part, role, buffer: &buffer)
    }
  }

  /// A bar of `done` out of `total` (`[█████·····]`), at most 50 cells.
  public mutating func bar(_ done: Int, of total: Int, buffer: inout Buffer) {
    guard total > 0 else { return }
    let width = max(10, min(area.width - 2, 50))
    let filled = min(width, done * width / total)
    line(
      "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]", .accent,
      buffer: &buffer)
  }
}
