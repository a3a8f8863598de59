import Access
import History
import TerminalCore
import Widgets

extension ConsoleFeature {
  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    let effect = apply(&state, action, in: session)
    state.table.rows.scrollIntoView(count: state.knownRows, visibleRows: state.visibleRows)
    return effect
  }

  static func apply(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .editorKey(let key):
      if state.reverse != nil { return reverseKey(&state, key) }
      editorKey(&state, key, in: session)
    case .paste(let text):
      // Typed fast or pasted while Ctrl-S searches the history: the query grows.
      if state.reverse != nil {
        state.reverse?.type(text.replacingNewlines())
      } else {
        state.editor.paste(text)
      }
    case .enter:
      if let reverse = state.reverse {
        if let match = reverse.match { state.editor = TextAreaState(match) }
        state.reverse = nil
        return .none
      }
      if endsStatement(state.editor) { return run(&state, in: session) }
      _ = state.editor.handle(KeyEvent(.enter), pageSize: state.editorHeight)
    case .run:
      return run(&state, in: session)
    case .historySearch:
      if state.reverse == nil {
        state.reverse = ReverseSearch(entries: session.history.texts(.statement))
      } else {
        state.reverse?.older()
      }
    case .focus(let focus):
      state.focus = focus
    case .navigate(let move):
      return navigate(&state, move)
    case .open where !state.marks.isEmpty:
      return openMarked(state, in: session)
    case .open:
      return openSelected(state, in: session)
    case .mark(let action):
      return mark(action, &state, in: session)
    case .view:
      return viewValue(state)
    case .copy(let row):
      return copy(state, row: row, in: session)
    case .export:
      return exportResult(state, in: session)
    case .selectColumn(let delta):
      selectColumn(&state, by: delta)
    case .moveColumn(let delta):
      moveColumn(&state, by: delta)
    case .quickFilter(let equal):
      return quickFilter(&state, equal: equal, in: session)
    case .frequencies:
      return frequencies(state, in: session)
    case .dropFilter:
      return dropFilter(&state, in: session)
    case .nextResult:
      guard state.hasMoreResults, state.loading == nil else { return .none }
      state.hasMoreResults = false
      state.filterBase = nil
      state.filters = []
      state.rowCount = nil
      state.message = nil
      let work = ConsoleWork.nextResult(count: firstBatch)
      state.loading = work
      return request(work)
    case .cancel:
      if state.reverse != nil {
        state.reverse = nil
        return .none
      }
      return state.loading == nil ? .none : .cancel(.console)
    case .confirmed(let sql):
      if let refusal = writesRefusal(in: session) {
        state.message = refusal
        return .none
      }
      return start(&state, sql: sql, mode: .openTransaction)
    case .finish(let commit):
      let work: ConsoleWork = commit ? .commit : .rollback
      state.loading = work
      return request(work)
    case .quitRollingBack:
      return .command(.quit)
    case .arrived(let work, let result):
      return arrived(&state, work, result, in: session)
    case .message(let message):
      switch message {
      case .resized(let size): state.viewport = size
      case .quitRequested:
        return .confirm(
          DialogRequest(
            title: "Quit", message: "A transaction is open. Roll it back and quit?",
            buttons: [.init("Roll back and quit", .quitRollingBack), .init("Cancel", nil)], defaultButton: 1))
      case .keepRows(let column, let value):
        let base = state.filterBase ?? state.statement?.text ?? ""
        return runFiltered(
          &state, base: base, state.filters + [QuickFilter(column: column, equal: true, value: value)], in: session)
      default: break
      }
    }
    return .none
  }

  /// ↑ on the first line and ↓ on the last recall earlier statements; other keys edit.
  static func editorKey(_ state: inout State, _ key: KeyEvent, in session: Session) {
    let lines = state.editor.text.split(separator: "\n", omittingEmptySubsequences: false).count
    if key == KeyEvent(.up), state.editor.row == 0 {
      var recall = state.recall ?? HistoryRecall(entries: session.history.texts(.statement))
      if let text = recall.previous(current: state.editor.text) { state.editor = TextAreaState(text) }
      state.recall = recall
      return
    }
    if key == KeyEvent(.down), state.editor.row == lines - 1, var recall = state.recall {
      if let text = recall.next() { state.editor = TextAreaState(text) }
      state.recall = recall
      return
    }
    if key.typedCharacter != nil || key.key == .backspace || key.key == .delete { state.recall = nil }
    _ = state.editor.handle(key, pageSize: state.editorHeight)
  }

  static func reverseKey(_ state: inout State, _ key: KeyEvent) -> Effect<Action> {
    guard var reverse = state.reverse else { return .none }
    if key.key == .backspace {
      reverse.backspace()
    } else if let character = key.typedCharacter {
      reverse.type(String(character))
    } else {
      if let match = reverse.match { state.editor = TextAreaState(match) }
      state.reverse = nil
      return .none
    }
    state.reverse = reverse
    return .none
  }

  /// Enter runs the statement when the text before the cursor ends with `;` and nothing
  /// but blanks follows it.
  static func endsStatement(_ editor: TextAreaState) -> Bool {
    let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    guard lines.indices.contains(editor.row) else { return false }
    let line = lines[editor.row]
    let before = String(line[..<min(editor.column, line.count)])
    let after =
      String(line[min(editor.column, line.count)...])
      + lines[(editor.row + 1)...].map { String($0) }.joined()
    return before.trimmingTrailingBlanks.hasSuffix(";") && after.allSatisfy(\.isWhitespace)
  }

  static func run(_ state: inout State, in session: Session) -> Effect<Action> {
    let sql = state.editor.text.trimmingTrailingBlanks
    guard !sql.allSatisfy(\.isWhitespace) else {
      state.message = "Type a statement first"
      return .none
    }
    guard state.loading == nil else { return .none }
    if state.transactionOpen {
      return commitQuestion(state, intro: "A transaction is still open.")
    }
    state.recall = nil
    // Marks belong to the result shown.
    state.marks.clear()
    state.markedEntity = nil
    let remember = Effect<Action>.command(.remember(sql, .statement))
    let statement = ConsoleStatement(text: sql)
    if let role = session.databaseRole, statement.changesSessionRole {
      state.message = "Refused: the console cannot leave the database role \(role)"
      return remember
    }
    if session.readOnly || statement.looksReadOnly {
      return remember.merge(start(&state, sql: sql, mode: .readOnly))
    }
    if let refusal = writesRefusal(in: session) {
      state.message = refusal
      return remember
    }
    return remember.merge(changeQuestion(sql, reason: "This statement may change data."))
  }

  /// Why the user may not change data from the console (`allowsConsoleWrites`), or nil:
  /// then only queries run, each in a read-only transaction the database enforces.
  static func writesRefusal(in session: Session) -> String? {
    let permission = session.permission(.allowsConsoleWrites, task: .console)
    return permission.isAllowed ? nil : session.refusal(permission)
  }

  static func changeQuestion(_ sql: String, reason: String) -> Effect<Action> {
    .confirm(
      DialogRequest(
        title: "Change data?",
        message: reason + " Run it in a transaction? You commit or roll back after seeing the rows affected.",
        buttons: [.init("Run", .confirmed(sql: sql)), .init("Cancel", nil)], defaultButton: 1))
  }

  static func commitQuestion(_ state: State, intro: String) -> Effect<Action> {
    let affected = state.rowsAffected.map { "\(grouped($0)) row\($0 == 1 ? "" : "s") affected. " } ?? ""
    let warned =
      state.warnings.isEmpty
      ? "" : "The server changed values as it stored them: " + state.warnings.joined(separator: "; ") + ". "
    return .confirm(
      DialogRequest(
        title: "Transaction", message: intro + " " + affected + warned + "Commit or roll back?",
        buttons: [.init("Commit", .finish(commit: true)), .init("Rollback", .finish(commit: false))],
        defaultButton: 1, isError: !state.warnings.isEmpty))
  }

  /// Runs `sql` from its first row, the previous result (and its `=`/`!` filters) dropped.
  static func start(
    _ state: inout State, sql: String, bindings: [DatabaseValue] = [], mode: CursorMode
  ) -> Effect<Action> {
    state.statement = ConsoleStatement(text: sql)
    state.ran = SQLStatement(sql, bindings)
    state.filterBase = nil
    state.filters = []
    state.mode = mode
    state.columns = []
    state.window = []
    state.windowStart = 0
    state.rowCount = nil
    state.rowsAffected = nil
    state.warnings = []
    state.resultNumber = 1
    state.hasMoreResults = false
    state.failure = nil
    state.message = nil
    state.table = TableState(rows: ScrollState(selected: nil), selectedColumn: state.table.selectedColumn ?? 0)
    let work = ConsoleWork.run(sql: sql, bindings: bindings, mode: mode, count: firstBatch)
    state.loading = work
    return request(work)
  }

  static func request(_ work: ConsoleWork) -> Effect<Action> {
    work.effect { .arrived(work, $0) }
  }
}

extension String {
  var trimmingTrailingBlanks: String {
    String(reversed().drop { $0.isWhitespace }.reversed())
  }
}
