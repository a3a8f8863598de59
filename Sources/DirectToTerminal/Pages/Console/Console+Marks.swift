import Access
import Qualifiers
import TerminalCore
import Theming
import Widgets

/// Marks in a console result that maps to one table, its key selected (issue 24 item 1):
/// `Space` marks the row and moves down, `*` every row of the result — the statement (with
/// its `=`/`!` filters) kept as a `QuerySource` the database runs again as a subquery, so a
/// million rows cost nothing — Ctrl-Space clears; with marks, `e` changes them together (the
/// batch page) and Enter opens them as the table's list, marked, where `d`, `Y`, `x`,
/// `=`/`!` apply. A new statement drops them.
extension ConsoleFeature {
  /// What the mark keys do.
  public enum MarkAction: Equatable, Sendable {
    case toggle
    case all
    case clear
    case change
    case counted(RowMarks, Result<Int, WorkError>)
  }

  static let markKeys = KeyMap<Action>(
    "Marks",
    [
      KeyBinding(.char(" "), .mark(.toggle), "Mark the row", shown: false, name: "mark"),
      KeyBinding(.char("*"), .mark(.all), "Mark every row of the result", shown: false, name: "markAll"),
      KeyBinding(KeyEvent(.character(" "), modifiers: .control), .mark(.clear), "Clear the marks", name: "clearMarks"),
      KeyBinding(.char("e"), .mark(.change), "Change the marked", name: "changeMarked"),
    ])

  static let markRefusal = "Only rows of one table, its primary key selected, are marked"

  static func mark(_ action: MarkAction, _ state: inout State, in session: Session) -> Effect<Action> {
    switch action {
    case .toggle:
      guard let row = state.selectedRow else { return .none }
      guard let (entity, key) = state.statement?.key(of: row, in: session.model) else {
        return .command(.banner(.notice, markRefusal))
      }
      if state.markedEntity != entity.name { state.marks.clear() }
      state.markedEntity = entity.name
      state.marks.toggle(key)
      if state.marks.isEmpty { state.markedEntity = nil }
      return navigate(&state, .down).merge(countMarks(state))
    case .all:
      guard let row = state.selectedRow ?? state.window.first else { return .none }
      guard let (entity, _) = state.statement?.key(of: row, in: session.model) else {
        return .command(.banner(.notice, markRefusal))
      }
      guard let source = querySource(state, entity: entity, in: session) else {
        return .command(
          .banner(.notice, "* marks the rows of a query (run again as a subquery); this statement changed data"))
      }
      state.marks.markAll(of: .among(source))
      state.markedEntity = entity.name
      if let count = state.rowCount { state.marks.count = count }
      return countMarks(state)
    case .clear:
      state.marks.clear()
      state.markedEntity = nil
      return .none
    case .change:
      guard let entityName = state.markedEntity, let qualifier = state.marks.qualifier else { return .none }
      let batch = BatchRequest(qualifier: qualifier, seen: state.marks.seen, count: state.marks.count)
      return .command(.open(PageRequest(task: .batchEdit, entityName: entityName, detail: batch), from: state.id))
    case .counted(let marks, let result):
      // A count for marks changed since is of no use.
      guard marks.everyRowOf == state.marks.everyRowOf, marks.keys == state.marks.keys else { return .none }
      switch result {
      case .success(let count):
        state.marks.count = count
        if count == 0 {
          state.marks.clear()
          state.markedEntity = nil
        }
        return .none
      case .failure(let error):
        return .command(.banner(.error, "The marked rows cannot be counted: \(error.message)"))
      }
    }
  }

  /// The result's statement (with its `=`/`!` filters, each value a slot) as a source the
  /// database runs again; nil for a statement that changed data.
  static func querySource(_ state: State, entity: Entity, in session: Session) -> QuerySource? {
    let base = ConsoleStatement(text: state.filterBase ?? state.statement?.text ?? "")
    guard state.mode == .readOnly, base.runsAsSubquery else { return nil }
    let text =
      state.filters.isEmpty
      ? base.text : filtered(base.text, state.filters, dialect: session.dialect) { _, _ in QuerySource.slot }
    var columns: [PropertyPath: String] = [:]
    for name in entity.primaryKey {
      guard let attribute = entity[attribute: name] else { return nil }
      columns[PropertyPath(key: name)] = attribute.column
    }
    let values = state.filters.map(\.value).filter { !$0.isNull }.map(\.qualifierValue)
    return QuerySource(text: text, values: values, columns: columns)
  }

  /// The marked rows counted by the database (a row deleted elsewhere drops out).
  static func countMarks(_ state: State) -> Effect<Action> {
    guard let entityName = state.markedEntity, let qualifier = state.marks.qualifier else { return .none }
    let marks = state.marks
    return .count(FetchSpecification(entityName: entityName, qualifier: qualifier)) { .mark(.counted(marks, $0)) }
  }

  /// The number of marked rows shown: as counted, else as marked.
  static func markCount(_ state: State) -> Int? {
    guard !state.marks.isEmpty else { return nil }
    return state.marks.count ?? (state.marks.everyRowOf == nil ? state.marks.keys.count : nil)
  }

  /// Enter with marks: the marked rows as the table's list, marked.
  static func openMarked(_ state: State, in session: Session) -> Effect<Action> {
    guard let entityName = state.markedEntity, let entity = session.entity(named: entityName),
      let qualifier = state.marks.qualifier
    else { return .none }
    var request = PageRequest(
      task: .list, entityName: entityName, baseQualifier: qualifier,
      crumb: entity.displayName + " (marked in the console)")
    if state.marks.everyRowOf != nil {
      request.marksEveryRow = true
    } else {
      request.markedKeys = state.marks.keys
    }
    return .command(.open(request, from: state.id))
  }

  /// `✓` in the left gutter of each marked row on screen.
  static func drawMarks(
    _ state: State, table: TableState, in area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard !state.marks.isEmpty, area.x > 0 else { return }
    for line in 0..<max(0, area.height - 1) {
      let index = table.rows.offset + line - state.windowStart
      guard state.window.indices.contains(index),
        let (_, key) = state.statement?.key(of: state.window[index], in: context.session.model),
        state.marks.isMarked(key)
      else { continue }
      let y = area.y + 1 + line
      buffer.setString("✓", x: area.x - 1, y: y, style: context.theme[.accent])
      buffer.addAttributes(.bold, in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }
}
