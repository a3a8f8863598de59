import TerminalCore
import Widgets

/// The debug overlay's state and keys: whether it shows, its first shown line, and whether
/// it lists the rules that did not match. Its keys work while it is open whatever page has
/// the focus: Shift-PgUp/Shift-PgDn (or Alt-K/Alt-J) scroll it a page, the mouse wheel over
/// it scrolls it three lines, Alt-U shows or hides the rules that did not match.
struct DebugOverlay: Equatable, Sendable {
  enum Action: Hashable, Sendable {
    /// Pages up (negative) or down.
    case scroll(pages: Int)
    /// Lines up (negative) or down (the wheel).
    case scrollLines(Int)
    case toggleUnmatched
  }

  var isShown = false
  /// The first shown line.
  var scroll = 0
  var showsUnmatched = false

  static let keys = KeyMap<Action>(
    "Debug overlay",
    [
      KeyBinding(
        [KeyEvent(.pageUp, modifiers: .shift), KeyEvent.alt("k")], .scroll(pages: -1), "Scroll the debug overlay up"),
      KeyBinding(
        [KeyEvent(.pageDown, modifiers: .shift), KeyEvent.alt("j")], .scroll(pages: 1), "Scroll the debug overlay down"),
      KeyBinding(
        [KeyEvent.alt("u"), KeyEvent.alt("U")], .toggleUnmatched, "Show or hide the rules that did not match"),
    ])

  /// The hint line at the top of the overlay.
  static func hint(showsUnmatched: Bool) -> String {
    "A customise… · Alt-U \(showsUnmatched ? "hides" : "shows") rules that did not match · Shift-PgUp/PgDn scroll"
  }

  /// Carries out `action` for an overlay of `height` rows (its frame included) showing
  /// `lineCount` lines: scrolling stops at the first and the last page.
  mutating func update(_ action: Action, lineCount: Int, height: Int) {
    let shown = max(0, height - 2)
    switch action {
    case .scroll(let pages): scroll(by: pages * max(1, height - 3), lineCount: lineCount, shown: shown)
    case .scrollLines(let lines): scroll(by: lines, lineCount: lineCount, shown: shown)
    case .toggleUnmatched: showsUnmatched.toggle()
    }
  }

  private mutating func scroll(by lines: Int, lineCount: Int, shown: Int) {
    scroll = min(max(0, scroll + lines), max(0, lineCount - shown))
  }
}
