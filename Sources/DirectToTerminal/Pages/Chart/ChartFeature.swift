import Access
import TerminalCore
import Widgets

/// The chart page (`chart` task, `c` on the frequency, group-by and summary pages): a
/// count or an aggregate over categories as horizontal bars, largest first, or over time
/// as columns with a y axis; the numbers come from one `GROUP BY` the page runs on the
/// worker lane (Esc cancels it). `t` switches between bars and columns.
public enum ChartFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var request: ChartRequest
    var crumb: String
    var points: [ChartPoint]?
    /// Groups there are in all (more than the chart read when it says so).
    var groupCount: Int?
    var failure: String?
    var isLoading = false
  }

  public enum Action: Equatable, Sendable {
    case loaded(Result<FrequencyResult, WorkError>)
    case toggleKind
    case message(PageMessage)
  }

  public static let name = "ChartPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let chart = request.detail(as: ChartRequest.self) else {
      throw PageRefusal("The page \(name) needs numbers to draw; task '\(request.task)' names none.")
    }
    var state = State(id: id, request: chart, crumb: request.crumb ?? "Chart", points: chart.points)
    guard chart.points == nil, let spec = chart.query else { return (state, .none) }
    state.isLoading = true
    return (
      state,
      .run("chart", of: spec, { context in try context.database.frequencies(spec, totals: true) }) { .loaded($0) }
    )
  }

  public static var keySection: String { "chart" }

  public static let keyCatalogue = KeyMap<Action>(
    "Chart", [KeyBinding(.char("t"), .toggleKind, "Bars or columns", name: "toggleKind")])

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .loaded(.success(let result)):
      state.isLoading = false
      state.groupCount = result.groupCount
      let points = result.groups.map(state.request.point)
      state.points = state.request.isTime ? points.reversed() : points
    case .loaded(.failure(let error)):
      state.isLoading = false
      state.failure = error.isCancelled ? "Cancelled" : error.message
    case .toggleKind:
      state.request.isTime.toggle()
      // Bars read largest first; columns in the groups' own order.
      if var points = state.points, state.request.specification != nil {
        points.sort { state.request.isTime ? $0.label < $1.label : $0.value > $1.value }
        state.points = points
      }
    case .message:
      break
    }
    return .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard area.width > 0, area.height > 0 else { return }
    let theme = context.theme
    if let failure = state.failure {
      buffer.setString("⚠ " + failure.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.error])
      return
    }
    guard let points = state.points else {
      buffer.setString(" Counting…", x: area.x, y: area.y, width: area.width, style: theme[.muted])
      return
    }
    guard !points.isEmpty else {
      buffer.setString(" No rows to draw", x: area.x, y: area.y, width: area.width, style: theme[.muted])
      return
    }
    let caption = state.request.valueLabel + " by " + state.request.categoryLabel
    buffer.setString(caption.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.muted])
    let chartArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
    if state.request.isTime {
      ColumnChart(points: points, total: state.groupCount, theme: theme).render(in: chartArea, buffer: &buffer)
    } else {
      BarChart(points: points, total: state.groupCount, theme: theme).render(in: chartArea, buffer: &buffer)
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var count = state.points.map { " (\(grouped($0.count)))" } ?? ""
    if let points = state.points, let all = state.groupCount, all > points.count {
      count = " (\(grouped(points.count)) of \(grouped(all)): the \(state.request.isTime ? "latest" : "largest"))"
    }
    return PageDescription(
      title: state.request.valueLabel + " by " + state.request.categoryLabel + count, crumb: state.crumb,
      status: PageStatus(trailing: state.request.isTime ? "columns" : "bars"),
      focus: PageFocus(entityName: state.request.specification?.entityName), isLoading: state.isLoading)
  }
}
