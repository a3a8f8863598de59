import Access
import Foundation
import TerminalCore
import Widgets

/// The entity list (`query` task): `visibleEntityNames` with their labels and row counts;
/// Enter opens the entity's `nextTask` (its list).
public enum EntityListFeature: PageFeature {
  public struct State: Equatable, Sendable {
    struct Item: Hashable, Sendable {
      var name: String
      var label: String
    }

    var id: PageID
    var crumb: String
    var items: [Item]
    var counts: [String: String] = [:]
    var scroll = ScrollState()
    var viewport = Size(width: 30, height: 20)
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case open
    case reload
    case counted(String, Result<Int, WorkError>)
    case message(PageMessage)
  }

  public static let name = "EntityListPage"
  public static var prefersNarrowPane: Bool { true }

  public static func open(_ request: PageRequest, id: PageID, in session: Session) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    var state = State(id: id, crumb: request.crumb ?? session.databaseTitle, items: items(in: session))
    let effect = loadCounts(&state, in: session)
    return (state, effect)
  }

  static func items(in session: Session) -> [State.Item] {
    let context = session.context(task: .query)
    let names = context.strings("visibleEntityNames") ?? session.model.entities.map(\.name)
    return names.compactMap { name -> State.Item? in
      guard let entity = session.model[entity: name] else { return nil }
      let label = session.context(task: .query, entity: entity).string("displayNameForEntity", entity.displayName)
      return State.Item(name: name, label: label)
    }
  }

  /// Estimates where the catalog has them (PostgreSQL), exact counts in the background where
  /// counting is cheap (SQLite).
  static func loadCounts(_ state: inout State, in session: Session) -> Effect<Action> {
    var effects: [Effect<Action>] = []
    for item in state.items {
      guard let entity = session.model[entity: item.name] else { continue }
      if let estimate = entity.estimatedRowCount {
        state.counts[item.name] = "~" + grouped(String(estimate))
      } else if session.dialect == .sqlite {
        let name = item.name
        effects.append(.count(FetchSpecification(entityName: name)) { .counted(name, $0) })
      }
    }
    return .batch(effects)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    KeyMap<Action>("Entities", [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Open"),
      KeyBinding([.char("r"), KeyEvent(.function(5))], .reload, "Reload", shown: false),
    ]).then(AppKeys.navigation.mapped { .navigate($0) })
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .navigate(let move):
      state.scroll.apply(move, count: state.items.count, pageSize: state.viewport.height)
    case .open:
      guard let selected = state.scroll.selected, state.items.indices.contains(selected) else { return .none }
      let item = state.items[selected]
      let entity = session.model[entity: item.name]
      let next = session.nextTask(after: .query, entity: entity, default: .list)
      return .command(.open(PageRequest(task: next, entityName: item.name, crumb: item.label), from: state.id))
    case .reload:
      return loadCounts(&state, in: session)
    case .counted(let name, let result):
      if case .success(let count) = result { state.counts[name] = grouped(String(count)) }
    case .message(.resized(let size)):
      state.viewport = size
    case .message(.rulesChanged):
      state.items = items(in: session)
    case .message(.dataChanged):
      return loadCounts(&state, in: session)
    case .message:
      break
    }
    state.scroll.scrollIntoView(count: state.items.count, visibleRows: state.viewport.height)
    return .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let items = state.items
    let counts = state.counts
    let width = area.width
    var scroll = state.scroll
    ListView(count: items.count, focused: context.focused, showsPosition: false, theme: context.theme) { index in
      let item = items[index]
      let count = counts[item.name] ?? ""
      let labelWidth = max(1, width - count.displayWidth - 2)
      return item.label.fitted(toWidth: labelWidth) + " " + count
    }.render(in: area, buffer: &buffer, state: &scroll)
  }

  public static func title(_ state: State, in session: Session) -> String { "Entities" }

  public static func crumb(_ state: State) -> String? { state.crumb }

  public static func focus(_ state: State, in session: Session) -> PageFocus {
    guard let selected = state.scroll.selected, state.items.indices.contains(selected) else { return PageFocus() }
    return PageFocus(entityName: state.items[selected].name)
  }
}
