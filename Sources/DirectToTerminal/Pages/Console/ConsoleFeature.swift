import Access
import History
import TerminalCore
import Widgets

/// `:` — the SQL console: a multi-line editor above the paged grid of the last statement's
/// result. Ctrl-R (or Ctrl-Enter where the terminal tells it apart, or Enter after a line
/// ending in `;`) runs the statement on the console's own connection, streamed through a
/// cursor a batch at a time; only a window of rows is held, `G` reads on to the end keeping
/// the last rows, and a row the cursor has passed is read again by re-running the query.
///
/// Queries run in a read-only transaction. In a read-only session every statement does (the
/// database refuses changes); otherwise a statement that changes data asks first, runs in a
/// transaction, shows the rows affected and asks Commit or Rollback. A result read from one
/// table with its primary key opens its rows in the inspect page with Enter. The grid has the
/// lists' cell keys: `v`, `y`/`Y`, `x`, `[`/`]`, `<`/`>`, `=`/`!` (`Console+Cells`).
public enum ConsoleFeature: PageFeature {
  public enum Focus: Hashable, Sendable {
    case editor
    case results
  }

  /// What the database said was wrong, and where (an offset in the statement).
  public struct Failure: Hashable, Sendable {
    var message: String
    var sql: String
    var position: Int?
  }

  public struct State: Equatable, Sendable {
    var id: PageID
    var editor = TextAreaState()
    var focus = Focus.editor
    /// The statement whose result is shown (without the `=`/`!` filters).
    var statement: ConsoleStatement?
    /// What ran for the result shown: the statement, or it wrapped by `=`/`!` with its
    /// parameter values.
    var ran: SQLStatement?
    /// The statement `=`/`!` wrapped, and their terms, while the result is filtered.
    var filterBase: String?
    var filters: [QuickFilter] = []
    var mode = CursorMode.readOnly
    var columns: [ResultColumn] = []
    /// Positions in `columns` of password-like columns: masked, never copied or exported.
    var hidden: Set<Int> = []
    /// The result's columns in the order shown (positions in `columns`), moved by `<`/`>`.
    var columnOrder: [Int] = []
    /// The column names `columnOrder` applies to: a result with the same keeps the order.
    var orderedNames: [String] = []
    /// The rows held: `window[0]` is row `windowStart` of the result.
    var window: [Row] = []
    var windowStart = 0
    /// The number of rows, once the cursor reached the end.
    var rowCount: Int?
    var rowsAffected: Int?
    /// Which of the statement's results is shown (a MySQL procedure gives several).
    var resultNumber = 1
    /// Another result of the statement follows (`n`).
    var hasMoreResults = false
    /// What the server warned it changed while writing (asked before Commit).
    var warnings: [String] = []
    var transactionOpen = false
    var table = TableState(rows: ScrollState(selected: nil), selectedColumn: 0)
    /// The step in flight (one at a time).
    var loading: ConsoleWork?
    var failure: Failure?
    var message: String?
    var recall: HistoryRecall?
    var reverse: ReverseSearch?
    var viewport = Size(width: 80, height: 20)
    /// Rows of the result marked (`Space`, `*`), and their entity.
    var marks = RowMarks()
    var markedEntity: String?

    /// Rows known to exist: all of them once done, else those read so far.
    var knownRows: Int { rowCount ?? (windowStart + window.count) }

    /// The row under the cursor, when it is in the window.
    var selectedRow: Row? {
      guard let selected = table.rows.selected else { return nil }
      let index = selected - windowStart
      return window.indices.contains(index) ? window[index] : nil
    }

    /// Lines of the editor: 3, growing with the statement up to a third of the page.
    var editorHeight: Int {
      let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).count
      let cap = max(1, viewport.height / 3)
      return min(max(min(3, cap), lines), cap)
    }

    /// Rows of the grid on screen.
    var visibleRows: Int { max(1, viewport.height - editorHeight - 3) }
  }

  public enum Action: Equatable, Sendable {
    case editorKey(KeyEvent)
    case paste(String)
    case enter
    case run
    case historySearch
    case focus(Focus)
    case navigate(NavigationAction)
    case open
    case view
    case copy(row: Bool)
    case export
    case selectColumn(Int)
    case moveColumn(Int)
    case quickFilter(equal: Bool)
    case frequencies
    case dropFilter
    case nextResult
    case cancel
    case confirmed(sql: String)
    case finish(commit: Bool)
    /// Quit with a transaction open: the connection closes without a commit.
    case quitRollingBack
    case arrived(ConsoleWork, Result<ConsoleBatch, DatabaseError>)
    case message(PageMessage)
    case mark(MarkAction)
  }

  public static let name = "ConsolePage"
  /// Rows read by the first step (more than a screen, little enough to be at once).
  static let firstBatch = 200
  /// Rows read by each later step.
  static let batch = 500
  /// Rows held at most (a statement that changed data keeps all it returned).
  static let windowLimit = 2000

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    (State(id: id), .none)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.reverse != nil {
      return keyCatalogue.only(["historySearch", "take", "cancel"]).updating("historySearch") {
        $0.description = "Older match"
      }
    }
    var names: Set<String>
    switch state.focus {
    case .editor:
      names = ["run", "results", "historySearch"]
    case .results:
      names = [
        "run", "editor", "open", "view", "copyValue", "copyRow", "export", "previousColumn", "nextColumn",
        "moveColumnLeft", "moveColumnRight", "onlyThisValue", "withoutThisValue", "frequencies",
      ]
      if !state.filters.isEmpty { names.insert("dropFilter") }
      names.formUnion(["mark", "markAll"])
      if !state.marks.isEmpty { names.formUnion(["clearMarks", "changeMarked"]) }
      if state.hasMoreResults && state.loading == nil { names.insert("nextResult") }
    }
    if state.loading != nil { names.insert("cancel") }
    let map = keyCatalogue.only(names).updating("open") {
      $0.shown = state.selectedRow.flatMap { state.statement?.key(of: $0, in: session.model) } != nil
      if !state.marks.isEmpty { $0.description = "Open the marked" }
    }
    return state.focus == .results ? map.then(AppKeys.navigation.map { .navigate($0) }) : map
  }

  public static let keyCatalogue = KeyMap<Action>(
    "Console",
    [
      KeyBinding([.ctrl("r"), KeyEvent(.enter, modifiers: .control)], .run, "Run"),
      KeyBinding(KeyEvent(.tab), .focus(.results), "Results", name: "results"),
      KeyBinding([KeyEvent(.tab), .char("i"), .char(":")], .focus(.editor), "Edit", name: "editor"),
      KeyBinding(.ctrl("s"), .historySearch, "Search history"),
      KeyBinding(KeyEvent(.enter), .enter, "Take", name: "take"),
      KeyBinding([KeyEvent(.enter), .char("l")], .open, "Open the row"),
      KeyBinding(.char("v"), .view, "View the value in full", shown: false),
      KeyBinding(.char("y"), .copy(row: false), "Copy the value", shown: false, name: "copyValue"),
      KeyBinding(.char("Y"), .copy(row: true), "Copy the row", shown: false, name: "copyRow"),
      KeyBinding(
        .char("x"), .export, "Export the result to a file", shown: false,
        permission: PermissionKey.allowsExport.rawValue),
      KeyBinding(.char("["), .selectColumn(-1), "Previous column", shown: false, name: "previousColumn"),
      KeyBinding(.char("]"), .selectColumn(1), "Next column", shown: false, name: "nextColumn"),
      KeyBinding(.char("<"), .moveColumn(-1), "Move the column left", shown: false, name: "moveColumnLeft"),
      KeyBinding(.char(">"), .moveColumn(1), "Move the column right", shown: false, name: "moveColumnRight"),
      KeyBinding(
        .char("="), .quickFilter(equal: true), "Only rows with this value", shown: false, name: "onlyThisValue"),
      KeyBinding(
        .char("!"), .quickFilter(equal: false), "Only rows without this value", shown: false,
        name: "withoutThisValue"),
      KeyBinding(.char("F"), .frequencies, "Count the column's values", shown: false),
      KeyBinding(KeyEvent(.backspace), .dropFilter, "Drop a filter"),
      KeyBinding(.char("n"), .nextResult, "Next result"),
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel"),
    ]
  ).then(markKeys).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if let action = keyMap(state, in: session).action(for: key) { return action }
    guard state.focus == .editor || state.reverse != nil else { return nil }
    if key.key == .escape || key == KeyEvent(.backTab) { return nil }
    if key.key == .enter, key.modifiers.isEmpty { return .enter }
    return .editorKey(key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    state.focus == .editor ? .paste(text) : nil
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    switch action {
    case .navigate, .selectColumn: return true
    default: return false
    }
  }

  static func isLoading(_ state: State) -> Bool { state.loading != nil }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session),
      focus: focus(state, in: session),
      isLoading: isLoading(state),
      hasUnsavedChanges: hasUnsavedChanges(state))
  }
  static func title(_ state: State, in session: Session) -> String {
    let result = state.resultNumber > 1 || state.hasMoreResults ? "result \(state.resultNumber): " : ""
    let marked = state.marks.isEmpty ? "" : " · \(markCount(state).map(grouped) ?? "…") marked"
    if let count = state.rowCount {
      return "SQL console (\(result)\(grouped(count)) \(count == 1 ? "row" : "rows"))" + marked
    }
    return "SQL console" + marked
  }

  static func crumb(_ state: State) -> String? { "SQL console" }

  static func hasUnsavedChanges(_ state: State) -> Bool { state.transactionOpen }

  static func status(_ state: State, in session: Session) -> PageStatus {
    if let reverse = state.reverse {
      return PageStatus(message: "History: " + reverse.query)
    }
    var trailing = ""
    if let selected = state.table.rows.selected, !state.columns.isEmpty {
      trailing = "row \(grouped(selected + 1)) of " + (state.rowCount.map(grouped) ?? grouped(state.knownRows) + "+")
    }
    if state.transactionOpen { trailing = "transaction open  " + trailing }
    if !state.marks.isEmpty { trailing = "\(markCount(state).map(grouped) ?? "…") marked  " + trailing }
    return PageStatus(trailing: trailing)
  }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    let entity = state.selectedRow.flatMap { state.statement?.key(of: $0, in: session.model)?.entity.name }
    return PageFocus(entityName: entity, row: state.selectedRow)
  }
}

func grouped(_ value: Int) -> String { grouped(String(value)) }
