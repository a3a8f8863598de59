import Access
import Rules
import TerminalCore
import Widgets

/// Everything the screen is drawn from: the navigation stack, focus, overlays, messages.
struct AppState {
  var stack: [Page] = []
  /// Index into `stack` of the focused page (the top page unless Tab moved focus left).
  var focus = 0
  var showsHelp = false
  var helpScroll = 0
  var showsDebug = false
  /// A banner over the panes: rule-file errors, failed saves, notices.
  var banner: (kind: Banner.Kind, message: String)?
  var nextPageID = 1
  var tick = 0
  var quitRequested = false
  /// Quit once the pending save succeeds (`q` → Save).
  var quitAfterSave = false
  /// A confirmation over the panes (delete).
  var dialog: AppDialog?
  var dialogState = DialogState()
  /// The last change saved in this session and its inverse, for `u`.
  var lastChange: (done: Change, inverse: Change, title: String)?
  /// The size of the last frame drawn, for pane arithmetic in key handling.
  var screenSize = Size(width: 120, height: 40)

  var top: Page? { stack.last }

  var focusedPage: Page? {
    stack.indices.contains(focus) ? stack[focus] : stack.last
  }

  mutating func newPageID() -> Int {
    defer { nextPageID += 1 }
    return nextPageID
  }

  mutating func push(_ page: Page) {
    stack.append(page)
    focus = stack.count - 1
  }

  /// Removes the pages above `index`.
  mutating func pop(to index: Int) {
    guard index >= 0, index < stack.count else { return }
    stack.removeLast(stack.count - index - 1)
    focus = min(focus, stack.count - 1)
  }

  func index(ofPage id: Int) -> Int? {
    stack.firstIndex { $0.id == id }
  }
}

/// A question the whole app waits on.
enum AppDialog {
  case confirmDelete(entity: String, key: [String: DatabaseValue], original: [String: DatabaseValue], title: String)
}
