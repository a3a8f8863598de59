import Access
import Qualifiers
import TerminalCore
import Widgets

/// The frequency page (`frequency` task, `F` on a list column): each value of the column
/// over the list's rows (its filter and search included) with its count, share and a bar,
/// most frequent first; `s` sorts by value instead. NULL is a value of its own; a to-one
/// groups by the related row and shows its title. The database counts (`GROUP BY`); the
/// page holds 200 groups around the cursor and reads another window when the screen
/// leaves it (`G` reads the last 200 at once). Enter opens the rows of the value under
/// the cursor.
public enum FrequencyFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var request: FrequencyRequest
    var crumb: String
    var byValue = false
    /// The groups read around the screen.
    var window = GroupWindow()
    /// The cursor and scroll position over all groups (not the window).
    var scroll = ScrollState()
    var failure: String?
    var viewport = Size(width: 60, height: 20)

    var total: Int { window.total }
    func group(at index: Int) -> Frequency? { window.group(at: index) }
    var selectedGroup: Frequency? { scroll.selected.flatMap(group(at:)) }
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case toggleSort
    case open
    case chart
    case loaded(offset: Int, byValue: Bool, Result<FrequencyResult, WorkError>)
    case message(PageMessage)
  }

  public static let name = "FrequencyPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let frequency = request.detail(as: FrequencyRequest.self) else {
      throw PageRefusal("The page \(name) needs a column to count; task '\(request.task)' names none.")
    }
    var state = State(id: id, request: frequency, crumb: request.crumb ?? frequency.label + " values")
    let effect = load(&state, offset: 0)
    return (state, effect)
  }

  static func load(_ state: inout State, offset: Int) -> Effect<Action> {
    state.window.loading = offset
    let byValue = state.byValue
    let spec = state.request.specification(byValue: byValue, offset: offset, limit: GroupWindow.size)
    // The totals are those of the same rows whatever the page or order: read once.
    let totals = state.window.groupCount == nil
    return .run("frequencies", of: spec, { context in try context.database.frequencies(spec, totals: totals) }) {
      .loaded(offset: offset, byValue: byValue, $0)
    }
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    keyCatalogue.updating("sort") { $0.description = state.byValue ? "Sort by count" : "Sort by value" }
  }

  public static var keySection: String { "frequencies" }

  public static let keyCatalogue = KeyMap<Action>(
    "Values",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Rows with this value"),
      KeyBinding(.char("s"), .toggleSort, "Sort by value", name: "sort"),
      KeyBinding(.char("c"), .chart, "Chart"),
    ]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    var effect = Effect<Action>.none
    switch action {
    case .navigate(let move):
      state.scroll.apply(move, count: state.total, pageSize: visibleRows(state))
    case .toggleSort:
      state.byValue.toggle()
      state.window.groups = []
      state.window.start = 0
      state.scroll = ScrollState()
      return load(&state, offset: 0)
    case .chart:
      let request = state.request
      let labels =
        request.titlePaths.isEmpty
        ? Array(request.keyPaths.indices)
        : Array(request.keyPaths.count..<(request.keyPaths.count + request.titlePaths.count))
      let chart = ChartRequest(
        specification: request.specification(byValue: false, offset: 0, limit: ChartRequest.limit),
        labelValues: labels, valueLabel: "Count", categoryLabel: request.label, isTime: false)
      return .command(
        .open(PageRequest(task: .chart, entityName: request.entityName, crumb: "Chart", detail: chart), from: state.id))
    case .open:
      guard let group = state.selectedGroup else { return .none }
      if let page = state.request.sourcePage, let column = state.request.keyPaths.first, let value = group.values.first
      {
        return Effect.command(.deliver(.keepRows(column: column, value: value), to: page))
          .merge(.command(.close(state.id)))
      }
      let text = state.request.text(of: group)
      return .command(
        .open(
          PageRequest(
            task: .list, entityName: state.request.entityName, baseQualifier: state.request.drillDown(group),
            crumb: state.request.label + " = " + text),
          from: state.id))
    case .loaded(let offset, let byValue, let result):
      guard offset == state.window.loading, byValue == state.byValue else { return .none }
      state.window.loading = nil
      switch result {
      case .success(let page):
        state.failure = nil
        state.window.take(page, at: offset)
        if state.scroll.selected == nil, !state.window.groups.isEmpty { state.scroll.selected = 0 }
      case .failure(let error):
        state.failure = error.isCancelled ? "Cancelled" : error.message
      }
    case .message(.resized(let size)):
      state.viewport = size
    case .message(.click(let point)):
      let line = state.scroll.offset + point.y - 1
      if line >= 0, line < state.total { state.scroll.selected = line }
    case .message:
      break
    }
    state.scroll.scrollIntoView(count: state.total, visibleRows: visibleRows(state))
    if state.window.loading == nil, state.failure == nil,
      let offset = state.window.needed(first: state.scroll.offset, visible: visibleRows(state))
    {
      effect = load(&state, offset: offset)
    }
    return effect
  }

  /// Rows of groups on screen (the first line is the header).
  static func visibleRows(_ state: State) -> Int { max(1, state.viewport.height - 1) }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard area.height > 0, area.width > 0 else { return }
    let theme = context.theme
    if let failure = state.failure {
      buffer.setString("⚠ " + failure.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.error])
      return
    }
    let layout = FrequencyLayout(state: state, width: area.width)
    buffer.setString(layout.header, x: area.x, y: area.y, width: area.width, style: theme[.muted])
    let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
    var scroll = state.scroll
    ListView(count: state.total, focused: context.focused, showsPosition: false, theme: theme) { index in
      state.group(at: index).map(layout.line) ?? ""
    }
    .render(in: body, buffer: &buffer, state: &scroll)
    if state.total == 0, body.height > 0 {
      let text = state.window.loading != nil ? " Counting…" : " No rows to count"
      buffer.setString(text, x: body.x, y: body.y, width: body.width, style: theme[.muted])
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var title = state.request.label + " values"
    if let groups = state.window.groupCount, let rows = state.window.rowCount {
      title += " (\(grouped(groups)) in \(grouped(rows)) row\(rows == 1 ? "" : "s"))"
    }
    var trailing = state.byValue ? "by value" : "by count"
    if let selected = state.scroll.selected, let total = state.window.groupCount {
      trailing += "  value \(grouped(selected + 1)) of \(grouped(total))"
    }
    return PageDescription(
      title: title, crumb: state.crumb, status: PageStatus(trailing: trailing),
      focus: PageFocus(entityName: state.request.entityName), isLoading: state.window.loading != nil)
  }
}
