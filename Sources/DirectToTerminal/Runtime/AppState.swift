import Access
import Assistant
import History
import Rules
import Foundation
import TerminalCore
import Widgets

/// Everything the screen is drawn from: the navigation stack of pages, focus, overlays,
/// the banner, the open dialog, the logged-in user. A value: tests compare it exactly.
struct AppState: Equatable, Sendable {
  struct BannerMessage: Equatable, Sendable {
    var kind: Banner.Kind
    var text: String
  }

  var stack: [PageInstance] = []
  /// The focused page (the top page unless Tab moved focus left).
  var focus: PageID?
  var showsHelp = false
  var helpScroll = 0
  /// The debug overlay: whether it shows, where it is scrolled (`DebugOverlay`).
  var debug = DebugOverlay()
  var banner: BannerMessage?
  var nextPageID = 1
  /// The spinner's frame.
  var tick = 0
  var quitRequested = false
  /// The open question and the page its choice goes to.
  var dialog: DialogRequest<AnyPageAction>?
  var dialogOwner: PageID?
  var dialogFocus = 0
  /// The journal and undo/redo (`UndoFeature`).
  var undo = UndoFeature.State()
  var user: UserRecord?
  /// The database role the connections took for the user (`databaseRole`), nil for the
  /// role they connected as.
  var databaseRole: String?
  /// Why a console statement could leave `databaseRole` on this connection (then the
  /// console is refused while the role is in force).
  var databaseRoleEscape: String?
  /// This connection's history of searches, filters and statements.
  var history = History()
  /// The size of the screen, for the pane layout.
  var screenSize = Size(width: 120, height: 40)
  /// The content size each page was last told.
  var viewports: [PageID: Size] = [:]
  /// Keys that arrived while the focused page waited for the rows they act on; applied,
  /// in order, once the rows are there.
  var pendingKeys: [KeyEvent] = []
  /// Where the check of a remembered catalog is (`D2TApp+Catalog`).
  var catalogCheck = CatalogCheck.none
  /// Input that came while the remembered catalog was being checked, in order.
  var heldInput: [InputEvent] = []
  /// When the frame being drawn was prepared (spinners compare with it; `view` reads no clock).
  var frameTime: ContinuousClock.Instant?
  var frameDate = Date(timeIntervalSince1970: 0)
  /// The last key or click (panes stop following the database when the user is away).
  var lastInput = ContinuousClock.now
  /// Following a server stopped, its timer too, as the user was away (`followIdleLimit`);
  /// the next key or click starts it again.
  var followPaused = false
  /// Following a SQLite file: a check is on its way after its files were written (and a
  /// second one, for a commit whose last write came after the first looked).
  var fileCheck = FileCheck()

  struct FileCheck: Equatable {
    var queued = false
    var trailing = false
  }
  /// The last SQL, copied from the log before each frame (the debug overlay shows it).
  var recentSQL: [SQLLog.Entry] = []
  /// How many entries of the SQL log the app has read (`SQLLog.entries(after:)`).
  var sqlEntriesSeen = LogPosition()

  /// A position in the SQL log: never shown, so equal whatever it is — a follow check's
  /// statement (which the debug overlay leaves out) moves it and must not make the state
  /// differ, or every check drew a frame (issue 28 item 4).
  struct LogPosition: Equatable {
    var count = 0
    static func == (_: LogPosition, _: LogPosition) -> Bool { true }
  }
  /// The connection broke and the worker is re-establishing it (the status bar says so).
  var reconnecting = false
  /// The assistant's rule writing (`RuleWritingFeature`).
  var ruleWriting = RuleWritingFeature.State()
  /// How many times the rules were loaded again (a changed file, Ctrl-R, the assistant).
  var ruleReloads = 0
  /// Where the last rule went (`rule written: my.rules:44`), on the status bar's left until
  /// the next key.
  var statusNote: String?

  var focusedIndex: Int? {
    if let focus, let index = stack.firstIndex(where: { $0.id == focus }) { return index }
    return stack.indices.last
  }

  var focusedPage: PageInstance? { focusedIndex.map { stack[$0] } }

  func index(of id: PageID) -> Int? { stack.firstIndex { $0.id == id } }

  /// Below this size nothing but the warning is drawn and page keys do nothing.
  static let minimumSize = Size(width: 20, height: 6)

  var isTooSmall: Bool {
    screenSize.width < Self.minimumSize.width || screenSize.height < Self.minimumSize.height
  }
}
