import Access
import Export
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// The group-by page (`group` task, `b` on a list column): the list's rows (its filter and
/// search included) grouped by one or two columns — to-ones by the related row, dates by
/// year, month, day or hour — counted, with sums, averages, minimums and maximums of each
/// group, all computed by the database. `b` groups by another column, `+` adds a second
/// grouping and `-` drops it, `a` adds or removes an aggregate, `s`/`S` sort by the column
/// under the cursor, `y`/`Y` copy, Enter opens the rows of a group. Rules preset it per
/// entity (`summaryGroupKeys`, `summaryAggregates`).
public enum GroupByFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var request: GroupByRequest
    var crumb: String
    /// The column sorted by (nil: by the groupings' values) and its direction.
    var sortColumn: Int?
    var ascending = true
    /// The groups read around the screen.
    var window = GroupWindow()
    var table = TableState(selectedColumn: 0)
    var failure: String?
    var viewport = Size(width: 60, height: 20)
    /// The open chooser: what it chooses and its options.
    var chooser: Chooser?
    /// The search being typed (`/`), nil when none is.
    var searchInput: TextFieldState?

    var total: Int { window.total }
    func group(at index: Int) -> Frequency? { window.group(at: index) }
    var selectedGroup: Frequency? { table.rows.selected.flatMap(group(at:)) }
  }

  /// A popup list of groupings or aggregates.
  struct Chooser: Equatable, Sendable {
    enum Purpose: Equatable, Sendable {
      /// Replaces the grouping at this position (appends when it is past the last).
      case grouping(Int)
      case aggregate
    }

    var purpose: Purpose
    var options: [String]
    var picker = ChoicePickerState()
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case sort(ascending: Bool)
    case open
    case regroup
    case addGrouping
    case dropGrouping
    case chooseAggregate
    case chooserKey(KeyEvent)
    case beginSearch
    case searchKey(KeyEvent)
    case copy(row: Bool)
    case export
    case chart
    case loaded(offset: Int, Result<FrequencyResult, WorkError>)
    case message(PageMessage)
  }

  public static let name = "GroupByPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let groupBy = request.detail(as: GroupByRequest.self), !groupBy.groups.isEmpty else {
      throw PageRefusal("The page \(name) needs a column to group by; task '\(request.task)' names none.")
    }
    var state = State(id: id, request: groupBy, crumb: request.crumb ?? "Groups")
    let effect = reload(&state)
    return (state, effect)
  }

  /// Reads the first groups again (a new grouping, aggregate or order) and counts them.
  static func reload(_ state: inout State) -> Effect<Action> {
    state.window = GroupWindow()
    state.table.rows = ScrollState()
    state.table.fittedWidths = []
    state.failure = nil
    return load(&state, offset: 0)
  }

  static func load(_ state: inout State, offset: Int) -> Effect<Action> {
    state.window.loading = offset
    let spec = state.request.specification(
      sortColumn: state.sortColumn, ascending: state.ascending, offset: offset, limit: GroupWindow.size)
    let totals = state.window.groupCount == nil
    return .run("groups", of: spec, { context in try context.database.frequencies(spec, totals: totals) }) {
      .loaded(offset: offset, $0)
    }
  }

  public static var keySection: String { "groups" }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.chooser != nil || state.searchInput != nil { return KeyMap("Input", []) }
    let absent: Action = state.request.groups.count < 2 ? .dropGrouping : .addGrouping
    return KeyMap(keyCatalogue.name, keyCatalogue.bindings.filter { $0.action != absent })
  }

  public static let keyCatalogue = KeyMap<Action>(
    "Groups",
    [
      KeyBinding([KeyEvent(.enter), .char("l")], .open, "Rows of the group"),
      KeyBinding(.char("b"), .regroup, "Group by…"),
      KeyBinding(.char("+"), .addGrouping, "Group further by…"),
      KeyBinding(.char("-"), .dropGrouping, "Drop the second grouping"),
      KeyBinding(.char("a"), .chooseAggregate, "Sum, average…"),
      KeyBinding(.char("["), .navigate(.left), "Previous column", shown: false, name: "previousColumn"),
      KeyBinding(.char("]"), .navigate(.right), "Next column", shown: false, name: "nextColumn"),
      KeyBinding(.char("s"), .sort(ascending: true), "Sort ↑", name: "sortAscending"),
      KeyBinding(.char("S"), .sort(ascending: false), "Sort ↓", shown: false, name: "sortDescending"),
      KeyBinding(.char("/"), .beginSearch, "Search"),
      KeyBinding(.char("c"), .chart, "Chart"),
      KeyBinding(
        .char("x"), .export, "Export the groups to a file", shown: false,
        permission: PermissionKey.allowsExport.rawValue),
      KeyBinding(.char("y"), .copy(row: false), "Copy the value", shown: false, name: "copyValue"),
      KeyBinding(.char("Y"), .copy(row: true), "Copy the row", shown: false, name: "copyRow"),
    ]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.chooser != nil { return .chooserKey(key) }
    if state.searchInput != nil { return .searchKey(key) }
    return keyMap(state, in: session).action(for: key)
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    var effect = Effect<Action>.none
    switch action {
    case .navigate(let move):
      state.table.apply(
        move, rowCount: state.total, columnCount: state.request.headers.count, pageSize: visibleRows(state))
    case .sort(let ascending):
      state.sortColumn = state.table.selectedColumn
      state.ascending = ascending
      return reload(&state)
    case .open:
      guard let group = state.selectedGroup else { return .none }
      return .command(
        .open(
          PageRequest(
            task: .list, entityName: state.request.entityName, baseQualifier: state.request.drillDown(group),
            crumb: state.request.title(of: group)),
          from: state.id))
    case .regroup:
      return openChooser(&state, .grouping(0), in: session)
    case .addGrouping:
      return openChooser(&state, .grouping(1), in: session)
    case .dropGrouping:
      guard state.request.groups.count > 1 else { return .none }
      state.request.groups.removeLast()
      state.sortColumn = nil
      return reload(&state)
    case .chooseAggregate:
      return openChooser(&state, .aggregate, in: session)
    case .chooserKey(let key):
      return chooserKey(&state, key, in: session)
    case .beginSearch:
      state.searchInput = TextFieldState()
    case .searchKey(let key):
      guard var field = state.searchInput else { return .none }
      switch key.key {
      case .escape:
        state.searchInput = nil
      case .enter:
        state.searchInput = nil
        let text = field.text.trimmingCharacters(in: .whitespaces)
        state.request.search = text.isEmpty ? nil : text
        return reload(&state)
      default:
        _ = field.handle(key)
        state.searchInput = field
      }
    case .chart:
      let column = state.table.selectedColumn ?? 0
      let index = column - state.request.groups.count - 1
      if state.request.aggregates.indices.contains(index), let entity = session.entity(named: state.request.entityName),
        let attribute = QueryListFeature.attribute(
          at: state.request.aggregates[index].keyPath.description, from: entity, session: session)
      {
        switch attribute.valueType {
        case .integer, .decimal, .double: break
        default:
          return .command(
            .banner(
              .notice,
              "\(state.request.headers[column]) is not a number: c charts the count, a sum, an average, or numbers"))
        }
      }
      return .command(
        .open(
          PageRequest(task: .chart, entityName: state.request.entityName, crumb: "Chart", detail: chartRequest(state)),
          from: state.id))
    case .export:
      do {
        let request = try state.request.export(sortColumn: state.sortColumn, ascending: state.ascending, in: session)
        return .command(
          .open(PageRequest(task: .export, crumb: "Groups", detail: ExportSource.query(request)), from: state.id))
      } catch {
        return .command(.banner(.error, "The groups cannot be exported: " + error.message))
      }
    case .copy(let row):
      guard let group = state.selectedGroup else { return .none }
      let columns = row ? Array(state.request.headers.indices) : [state.table.selectedColumn ?? 0]
      let text = columns.map { state.request.value(of: group, column: $0)?.plainText ?? "" }.joined(separator: "\t")
      return .command(.copy(text, what: row ? "the group" : "the value"))
    case .loaded(let offset, let result):
      guard offset == state.window.loading else { return .none }
      state.window.loading = nil
      switch result {
      case .success(let page):
        state.failure = nil
        state.window.take(page, at: offset)
        if state.table.rows.selected == nil, !state.window.groups.isEmpty { state.table.rows.selected = 0 }
      case .failure(let error):
        state.failure = error.isCancelled ? "Cancelled" : error.message
      }
    case .message(.resized(let size)):
      state.viewport = size
    case .message(.click(let point)):
      let line = state.table.rows.offset + point.y - 1
      if line >= 0, line < state.total { state.table.rows.selected = line }
    case .message:
      break
    }
    state.table.rows.scrollIntoView(count: state.total, visibleRows: visibleRows(state))
    if state.window.loading == nil, state.failure == nil,
      let offset = state.window.needed(first: state.table.rows.offset, visible: visibleRows(state))
    {
      effect = load(&state, offset: offset)
    }
    return effect
  }

  /// Rows of groups on screen (the first line is the header).
  static func visibleRows(_ state: State) -> Int { max(1, state.viewport.height - 1) }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var title = "Groups by " + state.request.groups.map(\.title).joined(separator: ", ")
    if let search = state.request.search { title += " holding “\(search)”" }
    if let groups = state.window.groupCount, let rows = state.window.rowCount {
      title += " (\(grouped(groups)) in \(grouped(rows)) row\(rows == 1 ? "" : "s"))"
    }
    var trailing = ""
    if let selected = state.table.rows.selected, let total = state.window.groupCount {
      trailing = "group \(grouped(selected + 1)) of \(grouped(total))"
    }
    return PageDescription(
      title: title, crumb: state.crumb, status: PageStatus(trailing: trailing),
      focus: PageFocus(entityName: state.request.entityName), isLoading: state.window.loading != nil)
  }
}
