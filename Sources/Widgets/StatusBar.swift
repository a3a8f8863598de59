import TerminalCore
import Theming

/// The one-line bar at the bottom: a message on the left, key hints after it (as many as
/// fit, in order; a `.help` hint is kept even when others before it are left out, so help
/// is always one key away), and an optional text on the right (e.g. a position).
public struct StatusBar: Widget {
  /// Text on the left (mode, page name, message).
  public var message: String
  /// Key hints, usually `keyMap.shownHints`.
  public var hints: [KeyHint]
  /// Text on the right.
  public var trailing: String
  /// The theme.
  public var theme: Theme

  /// Creates a status bar.
  public init(message: String = "", hints: [KeyHint], trailing: String = "", theme: Theme) {
    self.message = message
    self.hints = hints
    self.trailing = trailing
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let row = area.row(0)
    let base = theme[.statusBar]
    buffer.fill(row, with: .blank(base))
    let trailingWidth = trailing.isEmpty ? 0 : trailing.displayWidth + 2
    let limit = row.right - trailingWidth
    var x = row.x + 1
    if !message.isEmpty {
      x += buffer.setString(
        message, x: x, y: row.y, style: base.adding(.bold), maxWidth: max(0, limit - x))
      x += 2
    }
    func width(_ hint: KeyHint) -> Int { hint.keys.displayWidth + 1 + hint.description.displayWidth }
    let needed = hints.reduce(0) { $0 + width($1) + 2 }
    // Short of room: the help hints are kept, the others fill what is left before them.
    let reserved =
      x + needed - 2 <= limit ? 0 : hints.filter { $0.role == .help }.reduce(0) { $0 + width($1) + 2 }
    var skipping = false
    for hint in hints {
      let width = width(hint)
      let room = hint.role == .help ? limit : limit - reserved
      if hint.role != .help && (skipping || x + width > room) {
        skipping = true
        continue
      }
      guard x + width <= room else { break }
      x += buffer.setString(hint.keys, x: x, y: row.y, style: theme[.keyHint])
      x += 1
      x += buffer.setString(hint.description, x: x, y: row.y, style: base)
      x += 2
    }
    if !trailing.isEmpty {
      buffer.setString(
        trailing, x: row.right - trailingWidth + 1, y: row.y, width: trailingWidth - 2, style: base)
    }
  }
}
