import Access
import TerminalCore
import Widgets

/// The result grid: moving through rows held in a window, reading the rows around the
/// cursor, taking in what the console lane sent, opening a row.
extension ConsoleFeature {
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
      if case .run(let sql, let bindings, .readOnly, _) = work, bindings.isEmpty, !session.readOnly,
        isReadOnlyRefusal(error)
      {
        state.statement = nil
        if let refusal = writesRefusal(in: session) {
          state.message = "This statement changes data. " + refusal
          return .none
        }
        return changeQuestion(sql, reason: "This statement changes data.")
      }
      state.failure = Failure(message: error.message, sql: state.ran?.sql ?? "", position: error.position)
      if case .commit = work { state.transactionOpen = true }
      return .none
    case .success(let batch):
      state.transactionOpen = batch.transactionOpen
      switch work {
      case .commit, .rollback:
        state.message = batch.ended
        return work == .commit ? .command(.dataChanged) : .none
      case .run, .nextResult:
        state.resultNumber = batch.resultNumber
        takeColumns(&state, batch.columns)
        state.hidden = passwordColumns(batch.columns, in: session)
        if let selected = state.table.selectedColumn, selected >= state.columnOrder.count {
          state.table.selectedColumn = max(0, state.columnOrder.count - 1)
        }
        state.window = batch.rows
        state.windowStart = 0
        state.table.rows.selected = batch.rows.isEmpty ? nil : 0
        if !batch.rows.isEmpty || batch.hasMoreResults { state.focus = .results }
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
        state.warnings = batch.warnings
        state.hasMoreResults = batch.hasMoreResults
        if batch.hasMoreResults {
          state.message = "Result \(batch.resultNumber) of the statement's results; n shows the next"
          return ensureLoaded(&state)
        }
      }
      if let total = state.rowCount, let selected = state.table.rows.selected, selected >= total {
        state.table.rows.selected = total > 0 ? total - 1 : nil
      }
      if work.startsAResult, batch.isDone, let affected = batch.rowsAffected,
        batch.columns.isEmpty || batch.transactionOpen
      {
        state.message = "\(grouped(affected)) row\(affected == 1 ? "" : "s") affected"
        if !batch.warnings.isEmpty {
          state.message? += " ⚠ the server changed values: " + batch.warnings.joined(separator: "; ")
        }
      }
      if batch.transactionOpen, batch.isDone {
        return commitQuestion(state, intro: "The statement ran in a transaction.")
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
