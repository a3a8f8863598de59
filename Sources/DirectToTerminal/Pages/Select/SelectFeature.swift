import Access
import TerminalCore
import Widgets

/// Chooses a row for a to-one field: the destination entity's rows as a query list
/// (paged, `/` searchable, `\` filterable); Enter chooses, Ctrl-N clears where the
/// relationship allows null, Esc returns with nothing changed. A chooser of members picks
/// several: `Space` picks the row (and moves down), Enter takes every picked row.
public enum SelectFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var list: QueryListState
    var chooser: SelectRequest
    /// The rows picked so far, in the order picked (kept across searches and scrolling).
    var picked: [Row] = []
  }

  public enum Action: Equatable, Sendable {
    case list(QueryListFeature.Action)
    case choose
    /// `Space`: picks or unpicks the row under the cursor and moves down.
    case pick
    case clear
    case cancel
    /// `n`: a new row in a nested editor, inserted when the editor that asked saves.
    case newRow
  }

  public static let name = "SelectPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    guard let chooser = request.detail(as: SelectRequest.self) else {
      throw PageRefusal("The select page chooses a row for an edit field; open it from a to-one field.")
    }
    var list = QueryListFeature.makeState(entity, task: .select, id: id, request: request, in: session)
    for key in chooser.destinationKeys where !list.extraKeyPaths.contains(key) { list.extraKeyPaths.append(key) }
    let effect = QueryListFeature.startQuery(&list, in: session)
    return (State(list: list, chooser: chooser), effect.map { .list($0) })
  }

  /// The list the chooser embeds: its keys, paste, messages, description and movement.
  static var list: PageScope<Self, QueryListFeature> {
    PageScope(state: \.list, action: Action.list) {
      if case .list(let action) = $0 { action } else { nil }
    }
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.list.input != nil { return KeyMap("Input", []) }
    var names: Set<String> = ["choose", "cancel"]
    if state.chooser.allowsNull { names.insert("clear") }
    if state.chooser.allowsMany { names.insert("pick") }
    if state.chooser.allowsNew,
      session.entity(named: state.list.entityName).map({ session.editRefusal($0, row: nil) == nil }) == true
    {
      names.insert("new")
    }
    var own = ownKeys.only(names)
    for index in own.bindings.indices where own.bindings[index].action == .choose && !state.picked.isEmpty {
      own.bindings[index].description = "Take \(state.picked.count) picked"
    }
    return KeyMap("Choose", own.bindings + choosingKeys(list.keyMap(state, in: session)).bindings)
  }

  public static let keyCatalogue = KeyMap(
    "Choose", ownKeys.bindings + choosingKeys(QueryListFeature.keyCatalogue.map(list.embed)).bindings)

  static let ownKeys = KeyMap<Action>(
    "Choose",
    [
      KeyBinding(KeyEvent(.enter), .choose, "Choose"),
      KeyBinding(.char(" "), .pick, "Pick"),
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel", role: .cancel),
      KeyBinding([.ctrl("n"), KeyEvent(.delete)], .clear, "Clear (∅)"),
      KeyBinding(.char("n"), .newRow, "New", name: "new"),
    ])

  /// The list's keys but opening a row: Enter chooses here.
  static func choosingKeys(_ listKeys: KeyMap<Action>) -> KeyMap<Action> {
    KeyMap(
      listKeys.name,
      listKeys.bindings.filter {
        switch list.extract($0.action) {
        case .open?, .row?: return false
        default: return true
        }
      })
  }

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.list.input != nil { return list.action(for: key, state, in: session) }
    return keyMap(state, in: session).action(for: key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? { list.action(forPaste: text, state) }
  public static func action(for message: PageMessage) -> Action? { list.action(for: message) }
  public static func isMovement(_ action: Action) -> Bool { list.isMovement(action) }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    if let effect = list.update(&state, action, in: session) { return effect }
    switch action {
    case .list:
      return .none
    case .pick:
      guard state.chooser.allowsMany, let row = state.list.selectedRow,
        let entity = session.entity(named: state.list.entityName)
      else { return .none }
      let key = session.followKey(of: row, entity: entity)
      if let index = state.picked.firstIndex(where: { session.followKey(of: $0, entity: entity) == key }) {
        state.picked.remove(at: index)
      } else {
        state.picked.append(row)
      }
      return list.update(&state, .list(.navigate(.down)), in: session) ?? .none
    case .choose where !state.picked.isEmpty:
      return Effect.command(
        .deliver(
          .chosenRows(propertyKey: state.chooser.propertyKey, entityName: state.list.entityName, rows: state.picked),
          to: state.chooser.page)
      ).merge(.command(.close(state.list.id)))
    case .choose:
      guard let row = state.list.selectedRow else { return .none }
      return Effect.command(
        .deliver(
          .chosen(propertyKey: state.chooser.propertyKey, entityName: state.list.entityName, row: row),
          to: state.chooser.page)
      ).merge(.command(.close(state.list.id)))
    case .clear:
      guard state.chooser.allowsNull else { return .none }
      return Effect.command(
        .deliver(
          .chosen(propertyKey: state.chooser.propertyKey, entityName: state.list.entityName, row: nil),
          to: state.chooser.page)
      ).merge(.command(.close(state.list.id)))
    case .cancel:
      return .command(.close(state.list.id))
    case .newRow:
      guard state.chooser.allowsNew, let entity = session.entity(named: state.list.entityName) else { return .none }
      if let refusal = session.editRefusal(entity, row: nil) { return .command(.banner(.notice, refusal)) }
      var request = PageRequest(task: .edit, entityName: entity.name, crumb: "New " + entity.displayName)
      request.pendingFor = PendingTarget(
        page: state.chooser.page, propertyKey: state.chooser.propertyKey, slot: .toOne(chooser: state.list.id))
      return .command(.open(request, from: state.list.id))
    }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    list.view(state, in: context, area: area, buffer: &buffer)
    markPicked(state, in: context, area: area, buffer: &buffer)
  }

  /// Picked rows: `✓` in the row's left gutter (the pane's border; `+` in ASCII) and bold.
  static func markPicked(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard !state.picked.isEmpty, let entity = context.session.entity(named: state.list.entityName),
      let index = state.list.cursorIndex
    else { return }
    let picked = Set(state.picked.map { context.session.followKey(of: $0, entity: entity) })
    let rows = state.list.window.rows
    let offset = max(0, index - state.list.cursorLine)
    for line in 0..<max(0, area.height - 2) where offset + line < rows.count {
      guard picked.contains(context.session.followKey(of: rows[offset + line], entity: entity)) else { continue }
      let y = area.y + 1 + line
      if area.x > 0 { buffer.setString("✓", x: area.x - 1, y: y, style: context.theme[.accent]) }
      buffer.addAttributes(.bold, in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var description = list.describe(state, in: session)
    if !state.picked.isEmpty { description.title += " · \(state.picked.count) picked" }
    return description
  }
}
