import Access
import Qualifiers
import TerminalCore
import Widgets

/// Moving the cursor, fetching the window it needs, and what results do.
extension QueryListFeature {
  /// The fetch for the list: its columns' key paths, qualifier and sort.
  static func fetchSpecification(_ state: State) -> FetchSpecification {
    var keyPaths: [PropertyPath] = []
    for path in state.columns.flatMap(\.keyPaths) + state.extraKeyPaths + state.ruleKeyPaths
    where !keyPaths.contains(PropertyPath(path)) {
      keyPaths.append(PropertyPath(path))
    }
    return FetchSpecification(
      entityName: state.entityName, qualifier: state.qualifier, sortOrderings: state.sort,
      keyPaths: keyPaths, limit: state.pageSize)
  }

  /// A new query (first open, search, filter, sort): a new generation, the window fetched
  /// around the cursor, and the rows counted.
  static func startQuery(_ state: inout State, in session: Session, recount: Bool = true) -> Effect<Action> {
    // A query still running for this list is of no use any more: cancel it rather than wait
    // behind it on the connection (200 quick searches ran one after another).
    let superseded: Effect<Action> = state.inFlight == nil ? .none : .cancel(.foreground)
    state.generation += 1
    state.window = RowWindow()
    state.inFlight = nil
    state.message = nil
    state.beforeReload = nil
    var effect: Effect<Action> = state.follow.baseline(
      state.entityName, keys: [], related: followedEntities(state, in: session), in: session
    ) { .probed([], $0) }
    if !effect.isEmpty { state.follow.refreshesOnFirstRows = session.dialect != .sqlite }
    effect = effect.merge(ensureCursorLoaded(&state, now: session.now))
    if recount { effect = effect.merge(requestCount(&state, in: session)) }
    return superseded.merge(effect)
  }

  /// `r`, or rows changed: fetch again where the cursor is and find its row again by key.
  static func reload(_ state: inout State, in session: Session) -> Effect<Action> {
    if state.reselectKey == nil, let entity = session.entity(named: state.entityName), let row = state.selectedRow {
      let key = session.primaryKey(of: row, entity: entity)
      state.reselectKey = key.isEmpty ? nil : key
    }
    if let n = state.cursorFromStart { state.cursor = .fromStart(n) }
    let shown = state.window
    let effect = startQuery(&state, in: session)
    state.beforeReload = shown.rows.isEmpty ? nil : shown
    return effect
  }

  /// What the list says while the connection is down and it shows the rows it had.
  static let staleMessage = "Connection lost: rows as last fetched, reconnecting… (they reload once it is back)"

  /// Following the database: one small query for the change token of the rows on screen.
  static func probe(_ state: inout State, in session: Session) -> Effect<Action> {
    guard state.inFlight == nil, state.generation > 0, let entity = session.entity(named: state.entityName)
    else { return .none }
    let keys = visibleWindowRange(state).map { session.primaryKey(of: state.window.rows[$0], entity: entity) }
      .filter { !$0.isEmpty }
    let lane = FollowState.lane(for: session.dialect)
    guard state.follow.startProbe(on: lane) else { return .none }
    return .probe(state.entityName, keys: keys, related: followedEntities(state, in: session), lane: lane) {
      .probed(keys, $0)
    }
  }

  /// The other entities whose rows the list shows or is restricted by (to-one titles,
  /// to-many counts, the join table of a related list): a change to their tables is a
  /// change to the list (PostgreSQL, MySQL; SQLite's check covers the whole file).
  static func followedEntities(_ state: State, in session: Session) -> [String] {
    guard session.dialect != .sqlite, let entity = session.entity(named: state.entityName) else { return [] }
    let spec = fetchSpecification(state)
    return session.model.entitiesReached(from: entity, by: (spec.keyPaths ?? []) + (state.qualifier?.keyPaths ?? []))
  }

  /// Someone changed what the list shows: fetch the window again (and count again) while
  /// the rows on screen stay, keeping the cursor on its row by key and the scroll position;
  /// no spinner, as nobody asked for it.
  static func refresh(_ state: inout State, in session: Session) -> Effect<Action> {
    let shown = state.window
    // The old count may be wrong now: the window is planned from the start, not the end.
    if case .exact = state.total {
      state.previousCount = state.total.text
      state.total = .unknown
    }
    let effect = reload(&state, in: session)
    state.window = shown
    state.loadingSince = nil
    state.follow.isRefreshing = state.inFlight != nil
    return effect
  }

  /// Estimates where the catalog has them and the list is the whole table; a count
  /// otherwise (in the background).
  static func requestCount(_ state: inout State, in session: Session) -> Effect<Action> {
    let spec = fetchSpecification(state)
    if state.qualifier == nil, let estimate = session.entity(named: state.entityName)?.estimatedRowCount,
      estimate > 100_000
    {
      state.total = .estimate(Int(estimate))
      return .none
    }
    if case .exact = state.total {} else { state.total = .unknown }
    let generation = state.generation
    // The count of the previous query (a slow one may run for hours) is no longer wanted.
    state.follow.cancelled(.background)
    return Effect.cancel(.background).merge(.count(spec) { .counted(generation: generation, $0) })
  }

  /// Moves the cursor at once, whatever is loaded; the window follows. A reload on its
  /// way (a refresh of rows changed elsewhere, the first check's) would put the cursor
  /// back on the row it was on when it began: a move made since wins (`G` typed while the
  /// first rows were fetched once more was undone by it).
  static func navigate(_ state: inout State, _ move: NavigationAction, now: ContinuousClock.Instant) -> Effect<Action> {
    let page = state.visibleRows
    let lines = max(0, page - 1)
    switch move {
    case .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .top, .bottom: state.reselectKey = nil
    case .left, .right: break
    }
    switch move {
    case .up: moveCursor(&state, by: -1, line: state.cursorLine - 1)
    case .down: moveCursor(&state, by: 1, line: state.cursorLine + 1)
    case .pageUp: moveCursor(&state, by: -page, line: state.cursorLine)
    case .pageDown: moveCursor(&state, by: page, line: state.cursorLine)
    case .halfPageUp: moveCursor(&state, by: -max(1, page / 2), line: state.cursorLine)
    case .halfPageDown: moveCursor(&state, by: max(1, page / 2), line: state.cursorLine)
    case .top:
      state.cursor = .fromStart(0)
      state.cursorLine = 0
    case .bottom:
      if let total = state.total.exact {
        state.cursor = .fromStart(max(0, total - 1))
      } else {
        state.cursor = .fromEnd(0)
      }
      state.cursorLine = lines
    case .left:
      state.selectedColumn = max(0, state.selectedColumn - 1)
    case .right:
      state.selectedColumn = min(max(0, state.columns.count - 1), state.selectedColumn + 1)
    }
    return ensureCursorLoaded(&state, now: now)
  }

  static func moveCursor(_ state: inout State, by delta: Int, line: Int) {
    var target = state.cursor.moved(by: delta)
    if case .fromStart(let n) = target, let total = state.total.exact ?? state.window.knownTotal {
      target = .fromStart(min(n, max(0, total - 1)))
    }
    if let total = state.total.exact, case .fromEnd(let k) = target {
      target = .fromStart(max(0, total - 1 - min(k, total - 1)))
    }
    let moved = target.index - state.cursor.index
    state.cursor = target
    if moved == 0 && delta != 0 { return }
    state.cursorLine = min(max(0, line), max(0, state.visibleRows - 1))
  }

  /// Starts the fetch that brings the cursor's row (and a margin around it) into the
  /// window, unless one is in flight: then the next one starts when it returns.
  static func ensureCursorLoaded(_ state: inout State, now: ContinuousClock.Instant) -> Effect<Action> {
    guard state.inFlight == nil else { return .none }
    if state.generation == 0 { return .none }
    let fetch: WindowFetch
    if let index = state.cursorIndex {
      let margin = max(state.visibleRows, 10)
      if index >= state.window.rows.count - margin, !state.window.atEnd,
        let next = WindowFetch.neighbour(
          appending: true, window: state.window, pageSize: state.pageSize, generation: state.generation)
      {
        fetch = next
      } else if index < margin, !state.window.atStart,
        let previous = WindowFetch.neighbour(
          appending: false, window: state.window, pageSize: state.pageSize, generation: state.generation)
      {
        fetch = previous
      } else {
        return .none
      }
    } else {
      if state.isEmptyResult { return .none }
      fetch = WindowFetch.plan(
        target: state.cursor, window: state.window, total: state.total.exact ?? state.window.knownTotal,
        pageSize: state.pageSize, generation: state.generation)
    }
    var spec = fetchSpecification(state)
    spec.position = fetch.position
    spec.offset = fetch.offset
    spec.limit = fetch.limit
    state.inFlight = fetch
    if state.loadingSince == nil { state.loadingSince = now }
    return .fetch(spec) { .rowsArrived(fetch, $0) }
  }

  static func rowsArrived(
    _ state: inout State, _ fetch: WindowFetch, _ result: Result<FetchResult, WorkError>, in session: Session
  ) -> Effect<Action> {
    guard fetch.generation == state.generation else { return .none }
    state.inFlight = nil
    state.loadingSince = nil
    let shownBefore = state.beforeReload
    state.beforeReload = nil
    switch result {
    case .failure(let error):
      state.follow.isRefreshing = false
      state.message = error.isCancelled ? "Query cancelled (r reloads)" : error.message
      if error.isConnectionLost, let shown = shownBefore ?? (state.window.rows.isEmpty ? nil : state.window) {
        state.window = shown
        state.isStale = true
        state.message = staleMessage
      }
      return .none
    case .success(let page):
      state.isStale = false
      if page.rows.isEmpty && fetch.offset > 0 {
        // Past the end (the count was not known): the cursor goes to the last row.
        state.window = RowWindow()
        state.cursor = .fromEnd(0)
        return ensureCursorLoaded(&state, now: session.now)
      }
      if state.follow.isRefreshing, let entity = session.entity(named: state.entityName) {
        var before: [[String: DatabaseValue]: Row] = [:]
        for row in state.window.rows { before[session.followKey(of: row, entity: entity)] = row }
        state.window = RowWindow()
        fetch.apply(page, to: &state.window)
        state.follow.refreshed(
          before: before, after: state.window.rows.map { (session.followKey(of: $0, entity: entity), $0) },
          now: session.now)
      } else {
        fetch.apply(page, to: &state.window)
      }
      if let total = state.window.knownTotal, state.total.exact == nil { state.total = .exact(total) }
      if let total = state.total.exact {
        state.window.learn(total: total)
        if case .fromEnd = state.cursor { state.cursor = .fromStart(state.cursor.fromStart(total: total)) }
        if case .fromStart(let n) = state.cursor, total > 0, n >= total { state.cursor = .fromStart(total - 1) }
      }
      if let key = state.reselectKey, let entity = session.entity(named: state.entityName) {
        state.reselectKey = nil
        if let index = state.window.rows.firstIndex(where: { session.primaryKey(of: $0, entity: entity) == key }) {
          if let first = state.window.firstFromStart {
            let target = first + index
            state.cursorLine += target - state.cursor.index
            state.cursor = .fromStart(target)
          } else if let last = state.window.lastFromEnd {
            state.cursor = .fromEnd(last + state.window.rows.count - 1 - index)
          }
        }
      }
      return ensureCursorLoaded(&state, now: session.now)
    }
  }

  /// Keeps the cursor line within the rows there are and the column widths fitted to what
  /// is shown, so `view` draws exactly what the state says.
  static func fitLayout(_ state: inout State, in session: Session) {
    let rows = state.visibleRows
    state.cursorLine = min(max(0, state.cursorLine), rows - 1)
    if let total = state.total.exact ?? state.window.knownTotal, let n = state.cursorFromStart {
      state.cursorLine = min(state.cursorLine, n)
      let below = total - 1 - n
      if below < rows - 1 - state.cursorLine { state.cursorLine = max(0, min(n, rows - 1 - below)) }
    } else if case .fromStart(let n) = state.cursor {
      state.cursorLine = min(state.cursorLine, n)
    }
    guard let entity = session.entity(named: state.entityName), !state.columns.isEmpty else { return }
    state.selectedColumn = min(max(0, state.selectedColumn), state.columns.count - 1)
    if state.fittedWidths.count != state.columns.count {
      state.fittedWidths = Array(repeating: 0, count: state.columns.count)
    }
    let text = ListColumn.texts(state.columns, entity: entity, in: session)
    let shown = visibleWindowRange(state)
    for column in state.columns.indices {
      var widest = headerTitle(state, column).displayWidth
      for row in shown { widest = max(widest, text(state.window.rows[row], column).displayWidth) }
      state.fittedWidths[column] = max(state.fittedWidths[column], min(max(widest, 3), 40))
    }
    if state.selectedColumn < state.firstColumn { state.firstColumn = state.selectedColumn }
    let width = state.viewport.width
    while state.firstColumn < state.selectedColumn
      && (state.firstColumn...state.selectedColumn).reduce(-1, { $0 + state.fittedWidths[$1] + 1 }) > width
    {
      state.firstColumn += 1
    }
  }

  /// The window indices on screen.
  static func visibleWindowRange(_ state: State) -> Range<Int> {
    guard let index = state.cursorIndex else { return 0..<0 }
    let first = max(0, index - state.cursorLine)
    return first..<min(state.window.rows.count, first + state.visibleRows)
  }

  /// A column's header with the sort mark.
  static func headerTitle(_ state: State, _ column: Int) -> String {
    let title = state.columns[column].presentation.label
    guard let first = state.sort.first, state.columns[column].sortKeyPath == first.key.description else {
      return title
    }
    return title + (first.direction == .ascending ? " ▲" : " ▼")
  }

  /// Enter: follow `nextTask` with the row under the cursor.
  static func openSelected(_ state: State, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName), let row = state.selectedRow else { return .none }
    let key = session.primaryKey(of: row, entity: entity)
    let next = session.nextTask(after: state.task, entity: entity, row: row, default: .inspect)
    let title = RecordTitle.title(of: row, entity: entity)
    if key.isEmpty {
      return .command(
        .open(
          PageRequest(task: .inspect, entityName: entity.name, row: row, crumb: title), from: state.id))
    }
    return .command(.open(PageRequest(task: next, entityName: entity.name, key: key, crumb: title), from: state.id))
  }
}
