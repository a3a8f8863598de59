import Access
import Qualifiers
import TerminalCore
import Widgets

/// Every column of a list at once (`summaries` task, `I`): one line each with its values,
/// NULLs, distinct values, range or lengths and a sparkline of its histogram (numbers and
/// dates) or of its most frequent values' shares (text, booleans), computed column by column
/// in the database and shown as each arrives (no percentiles: each would sort the values).
/// Enter opens the full summary of the column under the cursor.
public enum SummariesFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var columns: [SummaryRequest]
    var summaries: [Int: ColumnSummary] = [:]
    var failures: [Int: String] = [:]
    var isLoading = true
    var scroll = ScrollState(selected: 0)
    var viewport = Size(width: 60, height: 20)
  }

  /// One column's summary (or why there is none), sent as it is computed.
  public struct Arrival: Hashable, Sendable {
    var index: Int
    var summary: ColumnSummary?
    var failure: String?
    var isLast = false
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case open
    case arrived(Result<Arrival, WorkError>)
    case message(PageMessage)
  }

  public static let name = "SummariesPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let columns = request.detail(as: [SummaryRequest].self), !columns.isEmpty else {
      throw PageRefusal("The page \(name) needs columns to summarise; task '\(request.task)' names none.")
    }
    let effect: Effect<Action> = .run(
      "summaries", of: columns,
      { context in
        for (index, column) in columns.enumerated() {
          if context.isCancelled { break }
          var arrival = Arrival(index: index)
          do {
            arrival.summary = try context.database.summary(
              of: PropertyPath(column.keyPath), entityName: column.entityName, qualifier: column.qualifier,
              buckets: 16, percentiles: false, titlePaths: column.titlePaths.map { PropertyPath($0) })
          } catch let error as DatabaseError where error.kind == .cancelled || error.kind == .connectionLost {
            throw error
          } catch {
            arrival.failure = String(describing: error)
          }
          if index == columns.count - 1 {
            arrival.isLast = true
            return arrival
          }
          context.send(arrival)
        }
        return Arrival(index: columns.count, isLast: true)
      }
    ) { .arrived($0) }
    return (State(id: id, columns: columns), effect)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static let keyCatalogue = KeyMap<Action>(
    "Summaries", [KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "The column's summary")]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .navigate(let move):
      state.scroll.apply(move, count: state.columns.count, pageSize: max(1, state.viewport.height - 1))
    case .open:
      guard let selected = state.scroll.selected, state.columns.indices.contains(selected) else { return .none }
      let column = state.columns[selected]
      return .command(
        .open(
          PageRequest(task: .summary, entityName: column.entityName, crumb: column.label + " summary", detail: column),
          from: state.id))
    case .arrived(.success(let arrival)):
      if let summary = arrival.summary { state.summaries[arrival.index] = summary }
      if let failure = arrival.failure { state.failures[arrival.index] = failure }
      if arrival.isLast { state.isLoading = false }
    case .arrived(.failure(let error)):
      state.isLoading = false
      state.failures[state.summaries.count] = error.isCancelled ? "cancelled" : error.message
    case .message(.resized(let size)):
      state.viewport = size
    case .message:
      break
    }
    state.scroll.scrollIntoView(count: state.columns.count, visibleRows: max(1, state.viewport.height - 1))
    return .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard area.height > 0 else { return }
    let labelWidth = min(24, state.columns.map { $0.label.displayWidth }.max() ?? 0)
    buffer.setString(
      " " + "Column".fitted(toWidth: labelWidth) + "  " + "Values".fitted(toWidth: 9) + "NULL".fitted(toWidth: 9)
        + "Distinct".fitted(toWidth: 9) + "Shape",
      x: area.x, y: area.y, width: area.width, style: context.theme[.muted])
    let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
    var scroll = state.scroll
    ListView(count: state.columns.count, focused: context.focused, showsPosition: false, theme: context.theme) {
      index in
      let label = state.columns[index].label.terminalSafe.fitted(toWidth: labelWidth) + "  "
      if let failure = state.failures[index] { return label + "⚠ " + failure.terminalSafe }
      guard let summary = state.summaries[index] else { return label + (state.isLoading ? "…" : "") }
      return label + grouped(summary.valueCount).fitted(toWidth: 9) + grouped(summary.nullCount).fitted(toWidth: 9)
        + (summary.kind == .other ? "-" : grouped(summary.distinctCount)).fitted(toWidth: 9) + shape(summary)
    }
    .render(in: body, buffer: &buffer, state: &scroll)
  }

  /// A sparkline and the range: `▁▃█▅ 0.99 … 4.99`, or for text and booleans the most
  /// frequent values' shares and the lengths.
  static func shape(_ summary: ColumnSummary) -> String {
    switch summary.kind {
    case .number, .temporal:
      let range = summary.minimum.isNull ? "" : " " + summary.minimum.plainText + " … " + summary.maximum.plainText
      return Sparkline.text(summary.histogram.map(\.count)) + range
    case .text, .boolean, .related:
      var text = Sparkline.text(summary.topValues.map(\.count))
      if let shortest = summary.shortest, let longest = summary.longest {
        text += " \(shortest)–\(longest) characters"
      }
      return text
    case .other:
      return ""
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    let entity = state.columns.first.flatMap { session.entity(named: $0.entityName) }
    let rows = state.summaries.values.first.map { " (\(grouped($0.rowCount)) rows)" } ?? ""
    return PageDescription(
      title: (entity?.displayName ?? "") + " columns" + rows, crumb: "Columns", status: PageStatus(),
      focus: PageFocus(entityName: entity?.name), isLoading: state.isLoading)
  }
}
