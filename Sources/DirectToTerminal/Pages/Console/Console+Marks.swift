import Access
import Qualifiers
import TerminalCore
import Theming
import Widgets

/// Marks in a console result that maps to one table, its key selected (issue 24 item 1):
/// `Space` marks the row and moves down, `*` the rows read so far, Ctrl-Space clears; with
/// marks, `e` changes them together (the batch page) and Enter opens them as the table's
/// list, marked, where `d`, `Y`, `x`, `=`/`!` apply. A new statement drops them.
extension ConsoleFeature {
  /// What the mark keys do.
  public enum MarkAction: Equatable, Sendable {
    case toggle
    case read
    case clear
    case change
  }

  static let markKeys = KeyMap<Action>(
    "Marks",
    [
      KeyBinding(.char(" "), .mark(.toggle), "Mark the row", shown: false, name: "mark"),
      KeyBinding(.char("*"), .mark(.read), "Mark the rows read", shown: false, name: "markRead"),
      KeyBinding(KeyEvent(.character(" "), modifiers: .control), .mark(.clear), "Clear the marks", name: "clearMarks"),
      KeyBinding(.char("e"), .mark(.change), "Change the marked", name: "changeMarked"),
    ])

  static func mark(_ action: MarkAction, _ state: inout State, in session: Session) -> Effect<Action> {
    switch action {
    case .toggle:
      guard let row = state.selectedRow else { return .none }
      guard let (entity, key) = state.statement?.key(of: row, in: session.model) else {
        return .command(.banner(.notice, "Only rows of one table, its primary key selected, are marked"))
      }
      if state.markedEntity != entity.name { state.marked = [] }
      state.markedEntity = entity.name
      if let index = state.marked.firstIndex(of: key) {
        state.marked.remove(at: index)
      } else {
        state.marked.append(key)
      }
      return navigate(&state, .down)
    case .read:
      var keys: [[String: DatabaseValue]] = []
      var entityName: String?
      for row in state.window {
        guard let (entity, key) = state.statement?.key(of: row, in: session.model) else {
          return .command(.banner(.notice, "Only rows of one table, its primary key selected, are marked"))
        }
        entityName = entity.name
        keys.append(key)
      }
      state.marked = keys
      state.markedEntity = entityName
      let more = state.rowCount == nil ? " (the rows read so far; G reads the rest)" : ""
      return .command(.banner(.notice, "\(grouped(keys.count)) rows marked" + more))
    case .clear:
      state.marked = []
      state.markedEntity = nil
      return .none
    case .change:
      guard let entityName = state.markedEntity, !state.marked.isEmpty else { return .none }
      let batch = BatchRequest(
        qualifier: .or(state.marked.map(Qualifier.matching)), seen: [:], count: state.marked.count)
      return .command(.open(PageRequest(task: .batchEdit, entityName: entityName, detail: batch), from: state.id))
    }
  }

  /// Enter with marks: the marked rows as the table's list, marked.
  static func openMarked(_ state: State, in session: Session) -> Effect<Action> {
    guard let entityName = state.markedEntity, let entity = session.entity(named: entityName) else { return .none }
    var request = PageRequest(
      task: .list, entityName: entityName, baseQualifier: .or(state.marked.map(Qualifier.matching)),
      crumb: entity.displayName + " (marked in the console)")
    request.markedKeys = state.marked
    return .command(.open(request, from: state.id))
  }

  /// `✓` in the left gutter of each marked row on screen.
  static func drawMarks(
    _ state: State, table: TableState, in area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard !state.marked.isEmpty, area.x > 0 else { return }
    for line in 0..<max(0, area.height - 1) {
      let index = table.rows.offset + line - state.windowStart
      guard state.window.indices.contains(index),
        let (_, key) = state.statement?.key(of: state.window[index], in: context.session.model),
        state.marked.contains(key)
      else { continue }
      let y = area.y + 1 + line
      buffer.setString("✓", x: area.x - 1, y: y, style: context.theme[.accent])
      buffer.addAttributes(.bold, in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }
}
