import Access
import Qualifiers
import TerminalCore
import Widgets

/// The column summary (`summary` task, `i` on a list column): what the column holds over
/// the list's rows (its link, filter and search included), computed by the database —
/// rows, NULLs and distinct values; for numbers the extremes, mean, standard deviation,
/// percentiles and a histogram; for dates first, last and a histogram by year, month, day
/// or hour; for text the lengths and empty strings. Esc goes back.
public enum SummaryFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var request: SummaryRequest
    var summary: ColumnSummary?
    var failure: String?
    var isLoading = true
    var scroll = ScrollState()
    var viewport = Size(width: 60, height: 20)
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case loaded(Result<ColumnSummary, WorkError>)
    case chart
    case message(PageMessage)
  }

  public static let name = "SummaryPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let summary = request.detail(as: SummaryRequest.self) else {
      throw PageRefusal("The page \(name) needs a column to summarise; task '\(request.task)' names none.")
    }
    let effect: Effect<Action> = .run(
      "summary", of: summary,
      { context in
        try context.database.summary(
          of: PropertyPath(summary.keyPath), entityName: summary.entityName, qualifier: summary.qualifier,
          titlePaths: summary.titlePaths.map { PropertyPath($0) })
      }
    ) { .loaded($0) }
    return (State(id: id, request: summary), effect)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    // `c` where there is a histogram to chart.
    state.summary?.histogram.isEmpty == false
      ? keyCatalogue : KeyMap(keyCatalogue.name, keyCatalogue.bindings.filter { $0.action != .chart })
  }

  public static let keyCatalogue = KeyMap<Action>(
    "Summary", [KeyBinding(.char("c"), .chart, "Chart the histogram")]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .navigate(let move):
      let count = lines(state, width: state.viewport.width).count
      state.scroll.apply(move, count: count, pageSize: state.viewport.height)
    case .loaded(let result):
      state.isLoading = false
      switch result {
      case .success(let summary): state.summary = summary
      case .failure(let error): state.failure = error.isCancelled ? "Cancelled" : error.message
      }
      state.scroll.selected = 0
    case .chart:
      guard let summary = state.summary, !summary.histogram.isEmpty else {
        return .command(.banner(.notice, "\(state.request.label) has no histogram to chart"))
      }
      let chart = ChartRequest(
        specification: nil, valueLabel: "Rows", categoryLabel: state.request.label, isTime: true,
        points: SummaryText(summary: summary, width: 80).histogramPoints)
      return .command(
        .open(
          PageRequest(task: .chart, entityName: state.request.entityName, crumb: "Chart", detail: chart),
          from: state.id))
    case .message(.resized(let size)):
      state.viewport = size
    case .message:
      break
    }
    return .none
  }

  static func lines(_ state: State, width: Int) -> [String] {
    if let failure = state.failure { return ["⚠ " + failure] }
    guard let summary = state.summary else { return [state.isLoading ? "Summarising…" : ""] }
    return SummaryText(summary: summary, width: width).lines
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let lines = lines(state, width: area.width).map(\.terminalSafe)
    var scroll = state.scroll
    ListView(count: lines.count, focused: context.focused, showsPosition: false, theme: context.theme) {
      lines[$0]
    }
    .render(in: area, buffer: &buffer, state: &scroll)
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var title = state.request.label + " summary"
    if let summary = state.summary {
      title += " (\(grouped(summary.rowCount)) row\(summary.rowCount == 1 ? "" : "s"))"
    }
    return PageDescription(
      title: title, crumb: state.request.label + " summary", status: PageStatus(),
      focus: PageFocus(entityName: state.request.entityName), isLoading: state.isLoading)
  }
}

/// What `i` asks for: one column over the list's rows.
public struct SummaryRequest: Hashable, Sendable {
  public var entityName: String
  public var qualifier: Qualifier?
  public var label: String
  public var keyPath: String
  /// For a to-one, `keyPath` is its foreign key and these its title key paths.
  public var titlePaths: [String]

  public init(entityName: String, qualifier: Qualifier?, label: String, keyPath: String, titlePaths: [String] = []) {
    self.entityName = entityName
    self.qualifier = qualifier
    self.label = label
    self.keyPath = keyPath
    self.titlePaths = titlePaths
  }
}
