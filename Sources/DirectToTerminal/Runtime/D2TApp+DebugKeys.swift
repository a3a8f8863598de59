import TerminalCore
import Widgets

/// The debug overlay's own keys, which work while it is open whatever page has the focus:
/// Shift-PgUp/Shift-PgDn (or Alt-K/Alt-J) scroll it a page, the mouse wheel over it
/// scrolls it, Alt-U shows or hides the rules that did not match.
extension D2TApp {
  enum DebugAction: Hashable, Sendable {
    /// Pages up (negative) or down.
    case scroll(pages: Int)
    case toggleUnmatched
  }

  static let debugKeys = KeyMap<DebugAction>(
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
  static func debugHint(showsUnmatched: Bool) -> String {
    "A customise… · Alt-U \(showsUnmatched ? "hides" : "shows") rules that did not match · Shift-PgUp/PgDn scroll"
  }

  /// Handles `key` when it is one of the overlay's and the overlay is open.
  mutating func handleDebugKey(_ key: KeyEvent) -> Bool {
    let screen = Rect(x: 0, y: 0, width: state.screenSize.width, height: state.screenSize.height)
    guard showsDebugPane(in: screen), let action = Self.debugKeys.action(for: key) else { return false }
    switch action {
    case .scroll(let pages):
      scrollDebugOverlay(by: pages * max(1, debugArea(in: screen).height - 3), in: screen)
    case .toggleUnmatched:
      state.debugShowsUnmatched.toggle()
    }
    return true
  }

  /// The wheel over the open overlay scrolls it three lines.
  mutating func scrollDebugOverlay(with mouse: MouseEvent, in screen: Rect) -> Bool {
    guard showsDebugPane(in: screen), debugArea(in: screen).contains(mouse.position) else { return false }
    switch mouse.kind {
    case .wheelUp: scrollDebugOverlay(by: -3, in: screen)
    case .wheelDown: scrollDebugOverlay(by: 3, in: screen)
    case .press: break
    }
    return true
  }

  private mutating func scrollDebugOverlay(by lines: Int, in screen: Rect) {
    let area = debugArea(in: screen)
    let count = debugRows(session(), width: max(0, area.width - 2)).count
    let height = max(0, area.height - 2)
    state.debugScroll = min(max(0, state.debugScroll + lines), max(0, count - height))
  }
}
