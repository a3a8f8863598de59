import Access
import TerminalCore
import Widgets

/// Chooses a row for a to-one field: the destination entity's rows as a query list
/// (paged, `/` searchable, `\` filterable); Enter chooses, Ctrl-N clears where the
/// relationship allows null, Esc returns with nothing changed.
public enum SelectFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var list: QueryListState
    var chooser: PageRequest.Chooser
  }

  public enum Action: Equatable, Sendable {
    case list(QueryListFeature.Action)
    case choose
    case clear
    case cancel
  }

  public static let name = "SelectPage"

  public static func open(_ request: PageRequest, id: PageID, in session: Session) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    guard let chooser = request.chooser else {
      throw PageRefusal("The select page chooses a row for an edit field; open it from a to-one field.")
    }
    var list = QueryListFeature.makeState(entity, task: .select, id: id, request: request, in: session)
    for key in chooser.destinationKeys where !list.extraKeyPaths.contains(key) { list.extraKeyPaths.append(key) }
    let effect = QueryListFeature.startQuery(&list, in: session)
    return (State(list: list, chooser: chooser), effect.map { .list($0) })
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.list.input != nil { return KeyMap("Input", []) }
    var bindings: [KeyBinding<Action>] = [
      KeyBinding(KeyEvent(.enter), .choose, "Choose"),
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel"),
    ]
    if state.chooser.allowsNull {
      bindings.append(KeyBinding([.ctrl("n"), KeyEvent(.delete)], .clear, "Clear (∅)"))
    }
    let list = QueryListFeature.keyMap(state.list, in: session).bindings.filter {
      switch $0.action {
      case .open, .row: return false
      default: return true
      }
    }
    return KeyMap("Choose", bindings + list.map {
      KeyBinding($0.keys, Action.list($0.action), $0.description, shown: $0.shown)
    })
  }

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.list.input != nil { return .list(.inputKey(key)) }
    return keyMap(state, in: session).action(for: key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    QueryListFeature.action(forPaste: text, state.list).map { .list($0) }
  }

  public static func action(for message: PageMessage) -> Action? { .list(.message(message)) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .list(let inner) = action { return QueryListFeature.isMovement(inner) }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .list(let inner):
      return QueryListFeature.update(&state.list, inner, in: session).map { .list($0) }
    case .choose:
      guard let row = state.list.selectedRow else { return .none }
      return Effect.command(.deliver(
        .chosen(propertyKey: state.chooser.propertyKey, entityName: state.list.entityName, row: row),
        to: state.chooser.page)
      ).merge(.command(.close(state.list.id)))
    case .clear:
      guard state.chooser.allowsNull else { return .none }
      return Effect.command(.deliver(
        .chosen(propertyKey: state.chooser.propertyKey, entityName: state.list.entityName, row: nil),
        to: state.chooser.page)
      ).merge(.command(.close(state.list.id)))
    case .cancel:
      return .command(.close(state.list.id))
    }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    QueryListFeature.view(state.list, in: context, area: area, buffer: &buffer)
  }

  public static func title(_ state: State, in session: Session) -> String {
    QueryListFeature.title(state.list, in: session)
  }

  public static func crumb(_ state: State) -> String? { state.list.crumb }
  public static func isLoading(_ state: State) -> Bool { QueryListFeature.isLoading(state.list) }
  public static func isAwaitingData(_ state: State) -> Bool { QueryListFeature.isAwaitingData(state.list) }
  public static func entityName(_ state: State) -> String? { state.list.entityName }

  public static func status(_ state: State, in session: Session) -> PageStatus {
    QueryListFeature.status(state.list, in: session)
  }

  public static func focus(_ state: State, in session: Session) -> PageFocus {
    QueryListFeature.focus(state.list, in: session)
  }
}
