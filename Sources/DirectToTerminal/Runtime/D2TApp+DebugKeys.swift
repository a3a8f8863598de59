import TerminalCore
import Widgets

/// Routes keys and the wheel to the debug overlay (`DebugOverlay`) while it is open, and
/// builds its report (`DebugReport`) for the focused page.
extension D2TApp {
  /// Handles `key` when it is one of the overlay's and the overlay is open.
  mutating func handleDebugKey(_ key: KeyEvent) -> Bool {
    let screen = Rect(x: 0, y: 0, width: state.screenSize.width, height: state.screenSize.height)
    guard showsDebugPane(in: screen), let action = DebugOverlay.keys.action(for: key) else { return false }
    debug(action, in: screen)
    return true
  }

  /// The wheel over the open overlay scrolls it three lines.
  mutating func scrollDebugOverlay(with mouse: MouseEvent, in screen: Rect) -> Bool {
    guard showsDebugPane(in: screen), debugArea(in: screen).contains(mouse.position) else { return false }
    switch mouse.kind {
    case .wheelUp: debug(.scrollLines(-3), in: screen)
    case .wheelDown: debug(.scrollLines(3), in: screen)
    case .press: break
    }
    return true
  }

  private mutating func debug(_ action: DebugOverlay.Action, in screen: Rect) {
    let area = debugArea(in: screen)
    let count = debugReport(session())?.rows(width: max(0, area.width - 2)).count ?? 0
    state.debug.update(action, lineCount: count, height: area.height)
  }

  /// What the overlay says of the focused page now.
  func debugReport(_ session: Session) -> DebugReport? {
    guard let page = state.focusedPage, let driver = driver(for: page) else { return nil }
    return DebugReport(
      session: session, pageTask: page.task, description: driver.describe(page.state, in: session),
      databaseName: worker.database.displayName, databaseSettings: worker.database.sessionSettings,
      recentSQL: state.recentSQL,
      showsUnmatched: state.debug.showsUnmatched)
  }
}
