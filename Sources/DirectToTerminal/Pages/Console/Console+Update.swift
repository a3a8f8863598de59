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
      state.editor.paste(text)
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
    case .open:
      return openSelected(state, in: session)
    case .cancel:
      if state.reverse != nil {
        state.reverse = nil
        return .none
      }
      return state.loading == nil ? .none : .cancel(.console)
    case .confirmed(let sql):
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
        return .confirm(DialogRequest(
          title: "Quit", message: "A transaction is open. Roll it back and quit?",
          buttons: [.init("Roll back and quit", .quitRollingBack), .init("Cancel", nil)], defaultButton: 1))
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
    let after = String(line[min(editor.column, line.count)...])
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
    let remember = Effect<Action>.command(.remember(sql, .statement))
    let statement = ConsoleStatement(text: sql)
    if session.readOnly || statement.looksReadOnly {
      return remember.merge(start(&state, sql: sql, mode: .readOnly))
    }
    return remember.merge(changeQuestion(sql, reason: "This statement may change data."))
  }

  static func changeQuestion(_ sql: String, reason: String) -> Effect<Action> {
    .confirm(DialogRequest(
      title: "Change data?",
      message: reason + " Run it in a transaction? You commit or roll back after seeing the rows affected.",
      buttons: [.init("Run", .confirmed(sql: sql)), .init("Cancel", nil)], defaultButton: 1))
  }

  static func commitQuestion(_ state: State, intro: String) -> Effect<Action> {
    let affected = state.rowsAffected.map { "\(grouped($0)) row\($0 == 1 ? "" : "s") affected. " } ?? ""
    return .confirm(DialogRequest(
      title: "Transaction", message: intro + " " + affected + "Commit or roll back?",
      buttons: [.init("Commit", .finish(commit: true)), .init("Rollback", .finish(commit: false))],
      defaultButton: 1))
  }

  /// Runs `sql` from its first row, the previous result dropped.
  static func start(_ state: inout State, sql: String, mode: CursorMode) -> Effect<Action> {
    state.statement = ConsoleStatement(text: sql)
    state.mode = mode
    state.columns = []
    state.window = []
    state.windowStart = 0
    state.rowCount = nil
    state.rowsAffected = nil
    state.failure = nil
    state.message = nil
    state.table = TableState(rows: ScrollState(selected: nil), selectedColumn: 0)
    let work = ConsoleWork.run(sql: sql, mode: mode, count: firstBatch)
    state.loading = work
    return request(work)
  }

  static func request(_ work: ConsoleWork) -> Effect<Action> {
    Effect([.work(.console(work), .console, reply: { .arrived(work, $0.consoleBatch) })])
  }

  static func navigate(_ state: inout State, _ move: NavigationAction) -> Effect<Action> {
    guard !state.columns.isEmpty else { return .none }
    if move == .bottom, state.rowCount == nil {
      guard state.loading == nil else { return .none }
      let work = ConsoleWork.readToEnd(keep: batch)
      state.loading = work
      return request(work)
    }
    let count = state.rowCount ?? (state.knownRows + state.visibleRows)
    state.table.apply(move, rowCount: count, columnCount: state.columns.count, pageSize: state.visibleRows)
    if state.table.rows.selected == nil, count > 0 { state.table.rows.selected = 0 }
    return ensureLoaded(&state)
  }

  /// Reads the rows around the cursor when they are not held: on from the cursor's end,
  /// or (a jump back) from the statement run again.
  static func ensureLoaded(_ state: inout State) -> Effect<Action> {
    guard state.loading == nil, let selected = state.table.rows.selected else { return .none }
    let end = state.windowStart + state.window.count
    if selected >= state.windowStart && selected < end { return .none }
    if let total = state.rowCount, selected >= total { return .none }
    let start = selected >= end && selected - end < batch ? end : max(0, selected - batch / 2)
    let work = ConsoleWork.read(start: start, count: batch)
    state.loading = work
    return request(work)
  }

  static func arrived(
    _ state: inout State, _ work: ConsoleWork, _ result: Result<ConsoleBatch, DatabaseError>, in session: Session
  ) -> Effect<Action> {
    guard state.loading == work else { return .none }
    state.loading = nil
    switch result {
    case .failure(let error):
      if error.kind == .cancelled {
        state.message = "Cancelled"
        return .none
      }
      if case .run(let sql, .readOnly, _) = work, !session.readOnly, isReadOnlyRefusal(error) {
        state.statement = nil
        return changeQuestion(sql, reason: "This statement changes data.")
      }
      state.failure = Failure(message: error.message, sql: state.statement?.text ?? "", position: error.position)
      if case .commit = work { state.transactionOpen = true }
      return .none
    case .success(let batch):
      state.transactionOpen = batch.transactionOpen
      switch work {
      case .commit, .rollback:
        state.message = batch.ended
        return work == .commit ? .command(.dataChanged) : .none
      case .run:
        state.columns = batch.columns
        state.window = batch.rows
        state.windowStart = 0
        if !batch.rows.isEmpty {
          state.table.rows.selected = 0
          state.focus = .results
        }
      case .read(let start, _):
        if start == state.windowStart + state.window.count {
          state.window += batch.rows
        } else {
          state.window = batch.rows
          state.windowStart = start
        }
        trimWindow(&state)
      case .readToEnd:
        state.window = batch.rows
        state.windowStart = batch.start
        state.table.rows.selected = batch.rows.isEmpty ? nil : batch.start + batch.rows.count - 1
        state.focus = .results
      }
      if batch.isDone {
        state.rowCount = batch.rowCount
        state.rowsAffected = batch.rowsAffected
      }
      if let total = state.rowCount, let selected = state.table.rows.selected, selected >= total {
        state.table.rows.selected = total > 0 ? total - 1 : nil
      }
      if case .run = work, batch.isDone, let affected = batch.rowsAffected, batch.columns.isEmpty || batch.transactionOpen {
        state.message = "\(grouped(affected)) row\(affected == 1 ? "" : "s") affected"
      }
      if batch.transactionOpen, batch.isDone {
        return commitQuestion(state, intro: state.message.map { $0 + "." } ?? "The statement ran.")
      }
      return ensureLoaded(&state)
    }
  }

  /// PostgreSQL's "cannot execute … in a read-only transaction" (25006) or SQLite's refusal
  /// of a statement that writes.
  static func isReadOnlyRefusal(_ error: DatabaseError) -> Bool {
    error.kind == .permission && (error.code == "25006" || error.code == "8")
  }

  /// Drops rows far from the cursor so at most `windowLimit` are held (a statement that
  /// changed data keeps all it returned: it cannot be read again).
  static func trimWindow(_ state: inout State) {
    guard state.mode != .openTransaction, state.window.count > windowLimit else { return }
    let selected = state.table.rows.selected ?? state.windowStart
    let excess = state.window.count - windowLimit
    if selected - state.windowStart > state.window.count / 2 {
      state.window.removeFirst(excess)
      state.windowStart += excess
    } else {
      state.window.removeLast(excess)
    }
  }

  /// Enter on a row of a result read from one table with its primary key: its inspect page.
  static func openSelected(_ state: State, in session: Session) -> Effect<Action> {
    guard let row = state.selectedRow else { return .none }
    guard let (entity, key) = state.statement?.key(of: row, in: session.model) else {
      return .command(.banner(.notice, "Only rows of one table, its primary key selected, open as that table's rows"))
    }
    let title = RecordTitle.title(of: row, entity: entity)
    return .command(.open(PageRequest(task: .inspect, entityName: entity.name, key: key, crumb: title), from: state.id))
  }
}

extension String {
  var trimmingTrailingBlanks: String {
    String(reversed().drop { $0.isWhitespace }.reversed())
  }
}
