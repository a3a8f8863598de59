import Access
import Rules
import Qualifiers
import TerminalCore
import Widgets

/// The rows of one entity: keyset-paged, searched (`/`), filtered (`\`), sorted (`s`/`S`)
/// in SQL; Enter opens the row under the cursor (`nextTask`).
public enum QueryListFeature: PageFeature {
  public typealias State = QueryListState

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case moveColumn(Int)
    /// `<`/`>`: move the focused column, written as a rule through the assistant.
    case shiftColumn(Int)
    case open
    case beginInput(InputLine.Kind)
    case inputKey(KeyEvent)
    case inputPaste(String)
    case sort(ascending: Bool)
    case quickFilter(equal: Bool)
    case view
    case copy(row: Bool)
    case export
    /// `o`: a file's rows into the list's table.
    case importRows
    case frequencies
    case groupBy
    case summary
    case summaries
    case reload
    case row(RowCommand)
    case rowsArrived(WindowFetch, Result<FetchResult, WorkError>)
    case counted(generation: Int, Result<Int, WorkError>)
    case probed([[String: DatabaseValue]], Result<String, WorkError>)
    case message(PageMessage)
    case member(MemberAction)
    case mark(MarkAction)
    case cell(CellEditAction)
  }

  public static let name = "QueryListPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    if let reason = entity.lockReason {
      throw PageRefusal("⊘ \(entity.displayName) (\(entity.table)) is locked: \(reason)", asBanner: true)
    }
    var state = makeState(entity, task: request.task, id: id, request: request, in: session)
    for key in request.markedKeys { state.marks.toggle(key) }
    if request.marksEveryRow { state.marks.markAll(of: state.qualifier) }
    let effect = startQuery(&state, in: session).merge(countMarks(state))
    return (state, effect)
  }

  static func makeState(
    _ entity: Entity, task: PageTask, id: PageID, request: PageRequest, in session: Session
  ) -> State {
    let context = session.context(task: task, entity: entity)
    let pageSize = max(20, min(1000, context.integer("pageSize") ?? 100))
    let crumb = request.crumb ?? context.string("displayNameForEntity", entity.displayName)
    var state = State(
      id: id, task: task, entityName: entity.name, crumb: crumb,
      columns: ListColumn.columns(entity, task: task, in: session), baseQualifier: request.baseQualifier,
      sort: context.sortOrderings("sortOrderings"), pageSize: pageSize)
    state.countsInCrumb = request.baseQualifier != nil
    state.newRowValues = request.newRowValues
    state.membership = request.membership
    state.viaJoin = request.viaJoin
    for join in request.membership?.memberJoins ?? [] where !state.extraKeyPaths.contains(join.destination) {
      state.extraKeyPaths.append(join.destination)
    }
    state.previousCount = request.count.map { grouped(String($0)) }
    if entity.primaryKey.isEmpty { state.extraKeyPaths = entity.attributes.map { PropertyPath.quoted($0.name) } }
    state.ruleKeyPaths = session.rules.objectPaths[entity.name].map(\.description)
    (state.auxiliaryQualifier, state.auxiliaryProblem) = context.listRestriction
    return state
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.input != nil || state.cellEdit != nil { return KeyMap("Input", []) }
    var rows = RowCommand.keyMap(entityName: state.entityName, in: session).map { Action.row($0) }
    if state.viaJoin != nil {
      rows = rows.updating("new") { $0.shown = false }.updating("delete") { $0.shown = false }
    }
    var list = listKeys
    if !state.marks.isEmpty {
      rows = rows.updating("edit") { $0.description = "Change the marked" }.updating("delete") {
        $0.description = "Delete the marked"
      }
      list = list.updating("onlyThisValue") { $0.description = "Only the marked rows" }
        .updating("withoutThisValue") { $0.description = "Only the rows not marked" }
        .updating("copyRow") { $0.description = "Copy the marked rows" }
    }
    guard let membership = state.membership else {
      return list.then(markKeys(state, in: session)).then(cellKeys).then(rows).then(navigationKeys)
    }
    // `a` adds a member, `d` removes the membership, `n` makes a new member, all through
    // the join table: shown where it can be written.
    let shown = joinRefusal(membership, in: session) == nil
    let memberRows = rows.updating("delete") {
      $0.description = "Remove"
      $0.shown = shown
    }.updating("new") {
      $0.description = "New member"
      $0.shown = shown && $0.shown
    }
    return listKeys.then(memberKeys.updating("addMember") { $0.shown = shown }).then(memberRows).then(navigationKeys)
  }

  public static var keySection: String { "list" }

  public static let keyCatalogue = listKeys.then(memberKeys).then(allMarkKeys).then(cellKeys)
    .then(RowCommand.keys.map { .row($0) })
    .then(navigationKeys)

  /// The list's own keys (not those of rows or moving).
  static let listKeys = KeyMap<Action>(
    "List",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Open", role: .open),
      KeyBinding(.char("/"), .beginInput(.search), "Search"),
      KeyBinding(.char("\\"), .beginInput(.filter), "Filter"),
      KeyBinding(.char("s"), .sort(ascending: true), "Sort ↑", name: "sortAscending"),
      KeyBinding(.char("S"), .sort(ascending: false), "Sort ↓", shown: false, name: "sortDescending"),
      KeyBinding(
        .char("="), .quickFilter(equal: true), "Only rows with this value", shown: false, name: "onlyThisValue"),
      KeyBinding(
        .char("!"), .quickFilter(equal: false), "Only rows without this value", shown: false,
        name: "withoutThisValue"),
      KeyBinding(.char("["), .moveColumn(-1), "Previous column", shown: false, name: "previousColumn"),
      KeyBinding(.char("]"), .moveColumn(1), "Next column", shown: false, name: "nextColumn"),
      KeyBinding(
        .char("<"), .shiftColumn(-1), "Move the column left (writes a rule)", shown: false,
        permission: PermissionKey.allowsAssistant.rawValue, name: "moveColumnLeft"),
      KeyBinding(
        .char(">"), .shiftColumn(1), "Move the column right (writes a rule)", shown: false,
        permission: PermissionKey.allowsAssistant.rawValue, name: "moveColumnRight"),
      KeyBinding([.char("r"), KeyEvent(.function(5))], .reload, "Reload", shown: false),
      KeyBinding(.char("v"), .view, "View the value in full", shown: false),
      KeyBinding(.char("y"), .copy(row: false), "Copy the value", shown: false, name: "copyValue"),
      KeyBinding(.char("Y"), .copy(row: true), "Copy the row", shown: false, name: "copyRow"),
      KeyBinding(
        .char("x"), .export, "Export the rows to a file", shown: false,
        permission: PermissionKey.allowsExport.rawValue),
      KeyBinding(.char("o"), .importRows, "Import a CSV or JSON Lines file", shown: false, name: "import"),
      KeyBinding(.char("F"), .frequencies, "Count the column's values", shown: false),
      KeyBinding(.char("b"), .groupBy, "Group by the column, count and add up", shown: false),
      KeyBinding(.char("i"), .summary, "Summarise the column", shown: false),
      KeyBinding(.char("I"), .summaries, "Summarise every column", shown: false),
    ])

  static let navigationKeys = AppKeys.navigation.map { Action.navigate($0) }

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.cellEdit != nil { return cellAction(for: key) }
    if state.input != nil { return .inputKey(key) }
    return keyMap(state, in: session).action(for: key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    if state.cellEdit != nil { return .cell(.paste(text)) }
    return state.input != nil ? .inputPaste(text) : nil
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  /// Moves, and the search and filter line: they act at once while rows load (a new search
  /// typed during a slow one cancels it instead of waiting for it).
  public static func isMovement(_ action: Action) -> Bool {
    switch action {
    case .navigate, .moveColumn, .shiftColumn, .beginInput, .inputKey, .inputPaste: return true
    default: return false
    }
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    var effect = Effect<Action>.none
    switch action {
    case .navigate(let move):
      effect = navigate(&state, move, now: session.now)
    case .moveColumn(let delta):
      state.selectedColumn = max(0, min(state.columns.count - 1, state.selectedColumn + delta))
    case .shiftColumn(let delta):
      effect = shiftColumn(&state, by: delta, in: session)
    case .open:
      effect = openSelected(state, in: session)
    case .beginInput(let kind):
      // A search starts empty (↑ recalls the last ones), so quick searches never run
      // together; a filter is edited term by term, so it starts from the one in force.
      let text = kind == .search ? "" : state.filterText
      state.input = InputLine(kind: kind, field: TextFieldState(text), error: nil)
    case .inputKey(let key):
      effect = inputKey(&state, key, in: session)
    case .inputPaste(let text):
      if state.input?.reverse != nil {
        // Typed fast or pasted while Ctrl-R searches: the query grows, not the line behind it.
        state.input?.reverse?.type(text.replacingNewlines())
      } else {
        state.input?.field.paste(text.replacingNewlines())
        state.input?.error = nil
      }
    case .sort(let ascending):
      guard state.columns.indices.contains(state.selectedColumn),
        let path = state.columns[state.selectedColumn].sortKeyPath
      else { break }
      if let entity = session.entity(named: state.entityName),
        let refusal = session.passwordQueryRefusal([path], from: entity, asWhat: "to sort")
      {
        effect = .command(.banner(.notice, refusal))
        break
      }
      if let entity = session.entity(named: state.entityName),
        session.model.crossesToMany(from: entity, PropertyPath(path))
      {
        let label = state.columns[state.selectedColumn].presentation.label
        effect = .command(
          .banner(.notice, "\(label) holds several values a row (one per related row): it does not sort"))
        break
      }
      state.sort = [SortOrdering(PropertyPath(path), ascending ? .ascending : .descending)]
      state.cursor = .fromStart(0)
      state.cursorLine = 0
      effect = startQuery(&state, in: session, recount: false)
    case .quickFilter(let equal):
      effect = quickFilter(&state, equal: equal, in: session)
    case .view:
      effect = viewValue(state, in: session)
    case .copy(true) where !state.marks.isEmpty:
      effect = .confirm(copyFormatDialog(state, in: session))
    case .copy(let row):
      effect = copy(state, row: row, in: session)
    case .importRows:
      if let entity = session.entity(named: state.entityName), let refusal = session.editRefusal(entity, row: nil) {
        effect = .command(.banner(.notice, refusal))
      } else {
        effect = .command(
          .open(PageRequest(task: .importRows, entityName: state.entityName, crumb: state.crumb), from: state.id))
      }
    case .export:
      return exportRows(state, in: session)
    case .groupBy:
      return groupBy(state, in: session)
    case .frequencies:
      return frequencies(state, in: session)
    case .summary:
      return summary(state, in: session)
    case .summaries:
      return summaries(state, in: session)
    case .reload:
      effect = reload(&state, in: session).merge(countMarks(state))
    case .row(let command) where state.membership != nil && (command == .delete || command == .insert):
      effect = membershipCommand(command, &state, in: session)
    case .row(let command) where state.viaJoin != nil && (command == .delete || command == .insert):
      // Made here, a row would not be linked; deleted here, it would go for every row.
      let join = session.entity(named: state.viaJoin ?? "")?.displayName ?? state.viaJoin ?? ""
      effect = .command(
        .banner(
          .notice,
          "These rows are linked through \(join), whose rows hold values of their own: "
            + "add or remove links there (\(command == .delete ? "d here would delete the row itself" : "a row made here would not be linked"))"
        ))
    case .member(let action):
      effect = member(action, &state, in: session)
    case .mark(let action):
      effect = mark(action, &state, in: session)
    case .cell(let action):
      effect = cell(action, &state, in: session)
    case .row(.delete) where !state.marks.isEmpty && state.membership == nil && state.viaJoin == nil:
      guard let entity = session.entity(named: state.entityName) else { break }
      effect = planBatchDelete(state, entity: entity, in: session)
    case .row(.edit) where !state.marks.isEmpty:
      guard let entity = session.entity(named: state.entityName) else { break }
      effect = batchEdit(state, entity: entity, in: session)
    case .row(let command):
      guard let entity = session.entity(named: state.entityName) else { break }
      effect = command.perform(
        on: state.selectedRow, entity: entity, page: state.id, newRowValues: state.newRowValues, in: session
      ).map { .row($0) }
    case .rowsArrived(let fetch, let result):
      effect = rowsArrived(&state, fetch, result, in: session)
    case .counted(let generation, let result):
      if generation == state.generation, case .success(let count) = result {
        state.total = .exact(count)
        state.previousCount = nil
        state.window.learn(total: count)
      }
    case .probed(let keys, let result):
      // Rows changed elsewhere: read again, and the marks counted again (a marked row
      // deleted elsewhere drops out).
      if state.follow.probed(keys: keys, result) { effect = refresh(&state, in: session).merge(countMarks(state)) }
    case .message(let message):
      effect = receive(&state, message, in: session)
    }
    // `*` marked the rows of a result the list no longer shows (a filter dropped or
    // changed): which rows on screen are marked cannot be told from them, so the marks go.
    if !state.marks.covers(state.qualifier) {
      state.marks.clear()
      effect = effect.merge(.command(.banner(.notice, "The marks were of the rows of another filter: cleared")))
    }
    fitLayout(&state, in: session)
    return effect
  }

  static func receive(_ state: inout State, _ message: PageMessage, in session: Session) -> Effect<Action> {
    switch message {
    case .chosen(_, _, let row?) where state.membership != nil:
      return member(.add([row]), &state, in: session)
    case .chosenRows(_, _, let rows) where state.membership != nil && !rows.isEmpty:
      return member(.add(rows), &state, in: session)
    case .resized(let size):
      state.viewport = size
      return ensureCursorLoaded(&state, now: session.now)
    case .dataChanged:
      return reload(&state, in: session).merge(countMarks(state))
    case .follow:
      return probe(&state, in: session)
    case .changedElsewhere:
      return (state.inFlight == nil && state.generation > 0 ? refresh(&state, in: session) : .none)
        .merge(countMarks(state))
    case .rulesChanged:
      guard let entity = session.entity(named: state.entityName) else { return .none }
      let old = state.columns.map(\.keyPaths) + [state.ruleKeyPaths]
      state.ruleKeyPaths = session.rules.objectPaths[entity.name].map(\.description)
      let focused =
        state.columns.indices.contains(state.selectedColumn) ? state.columns[state.selectedColumn].propertyKey : nil
      state.columns = ListColumn.columns(entity, task: state.task, in: session)
      // The cursor follows its column to its new place (`<`/`>`, the assistant's moves).
      if let focused, let index = state.columns.firstIndex(where: { $0.propertyKey == focused }) {
        state.selectedColumn = index
      } else {
        state.selectedColumn = min(state.selectedColumn, max(0, state.columns.count - 1))
      }
      (state.auxiliaryQualifier, state.auxiliaryProblem) =
        session.context(task: state.task, entity: entity)
        .listRestriction
      // A related list is named after its relationship, not its entity.
      if !state.countsInCrumb {
        state.crumb = session.context(task: state.task, entity: entity)
          .string("displayNameForEntity", entity.displayName)
      }
      state.fittedWidths = []
      return old == state.columns.map(\.keyPaths) + [state.ruleKeyPaths] ? .none : reload(&state, in: session)
    case .cancelled:
      state.inFlight = nil
      state.loadingSince = nil
      state.follow.isProbing = false
      state.message = "Query cancelled (r reloads)"
      return .none
    case .keyChanged(let entityName, _, let new):
      if entityName == state.entityName { state.reselectKey = new }
      return .none
    case .click(let point):
      click(&state, at: point)
      return .none
    case .chosen, .chosenRows, .pendingRow, .pendingLine, .quitRequested, .keepRows:
      return .none
    }
  }

  /// A click on a row moves the cursor there, and to the column under it.
  static func click(_ state: inout State, at point: Point) {
    let range = visibleWindowRange(state)
    let index = range.lowerBound + point.y - 1
    guard point.y >= 1, range.contains(index) else { return }
    state.reselectKey = nil
    if let first = state.window.firstFromStart {
      state.cursor = .fromStart(first + index)
    } else if let last = state.window.lastFromEnd {
      state.cursor = .fromEnd(last + state.window.rows.count - 1 - index)
    }
    state.cursorLine = point.y - 1
    var x = 0
    for column in state.firstColumn..<state.fittedWidths.count {
      let width = state.fittedWidths[column]
      if point.x < x + width + 1 {
        state.selectedColumn = column
        break
      }
      x += width + 1
    }
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var description = PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session),
      focus: focus(state, in: session),
      isLoading: isLoading(state),
      isAwaitingData: isAwaitingData(state),
      entityName: entityName(state))
    description.editsInPlace = state.cellEdit != nil
    return description
  }
  static func title(_ state: State, in session: Session) -> String {
    guard !state.marks.isEmpty else { return state.crumbWithCount }
    return state.crumbWithCount + " · " + (state.marks.count.map { "\(grouped($0)) marked" } ?? "marking…")
  }

  /// A related list's breadcrumb follows its count (rows another client added or
  /// deleted); a top-level list's is the opener's.
  static func crumb(_ state: State) -> String? {
    state.countsInCrumb ? state.crumbWithCount : nil
  }

  static func isLoading(_ state: State) -> Bool { state.inFlight != nil }

  static func isAwaitingData(_ state: State) -> Bool {
    state.cursorIndex == nil && !state.isEmptyResult && state.inFlight != nil
  }

  static func entityName(_ state: State) -> String? { state.entityName }

  static func status(_ state: State, in session: Session) -> PageStatus {
    if let input = state.input {
      return PageStatus(
        message: input.kind == .search ? "Search" : "Filter",
        hints: [KeyHint(keys: "Enter", description: "Apply"), KeyHint(keys: "Esc", description: "Cancel")])
    }
    let marked = state.marks.isEmpty ? "" : (state.marks.count.map { "\(grouped($0)) marked  " } ?? "marked  ")
    return PageStatus(trailing: marked + positionText(state))
  }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    let key =
      state.columns.indices.contains(state.selectedColumn) ? state.columns[state.selectedColumn].propertyKey : nil
    return PageFocus(entityName: state.entityName, row: state.selectedRow, propertyKey: key)
  }

  /// `row 12 of 1,000` (`of ~1,000,000` for an estimate).
  static func positionText(_ state: State) -> String {
    if state.isEmptyResult { return state.inFlight == nil ? "no rows" : "" }
    if let row = rowNumber(state) { return "row " + row + (state.total.text.map { " of " + $0 } ?? "") }
    // From the end, the count unknown.
    if case .fromEnd(let k) = state.cursor, k > 0 { return "row last−\(k)" }
    return "last row"
  }

  /// `12/~1,000,000` for the table header.
  static func compactPosition(_ state: State) -> String {
    if state.isEmptyResult { return "" }
    return (rowNumber(state) ?? "?") + "/" + (state.total.text ?? "?")
  }

  /// The cursor's row, counted from 1: from the end by an estimate, an estimate too
  /// (`~997,188`); nil from the end while the count is unknown.
  static func rowNumber(_ state: State) -> String? {
    switch (state.cursor, state.total) {
    case (.fromStart(let n), _): return grouped(String(n + 1))
    case (.fromEnd(let k), .exact(let t)): return grouped(String(t - k))
    case (.fromEnd(let k), .estimate(let t)): return "~" + grouped(String(max(1, t - k)))
    case (.fromEnd, .unknown): return nil
    }
  }
}
