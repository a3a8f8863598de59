import TerminalCore
import Widgets

/// Pages by the names the `page` rule gives them, as `ComponentRegistry` holds components.
/// The standard registry has d2t's pages; an embedding program registers its own (which
/// may embed stock ones) and plugs them in by rule.
///
///     var pages = PageRegistry.standard
///     pages.register(FilmPage.self)        // task = 'inspect' and entity.name = 'Film' => page <= FilmPage
public struct PageRegistry: Sendable {
  private var drivers: [String: any PageDriving] = [:]

  public init() {}

  /// Entity list, query list, inspect, edit, select, login, error, value-viewer, SQL console
  /// and export pages.
  public static var standard: PageRegistry {
    var registry = PageRegistry()
    registry.register(EntityListFeature.self)
    registry.register(QueryListFeature.self)
    registry.register(InspectFeature.self)
    registry.register(EditFeature.self)
    registry.register(SelectFeature.self)
    registry.register(LoginFeature.self)
    registry.register(ErrorFeature.self)
    registry.register(ValueViewerFeature.self)
    registry.register(JournalFeature.self)
    registry.register(ConsoleFeature.self)
    registry.register(ExportFeature.self)
    registry.register(AssistantFeature.self)
    return registry
  }

  public mutating func register<F: PageFeature>(_ feature: F.Type) {
    drivers[F.name] = PageDriver<F>()
  }

  public var names: [String] { drivers.keys.sorted() }

  func driver(named name: String) -> (any PageDriving)? { drivers[name] }
}

/// A page's state with its type erased, so the stack holds pages of every kind and stays
/// `Equatable`.
public struct AnyPageState: Equatable, @unchecked Sendable {
  public let base: any Equatable & Sendable

  public init(_ base: some Equatable & Sendable) { self.base = base }

  public static func == (a: AnyPageState, b: AnyPageState) -> Bool { boxesEqual(a.base, b.base) }
}

/// What a page's slot holds while its state is being updated, so the update edits the
/// only copy (a long text field is then not copied on every key).
struct PageStateHole: Equatable, Sendable {}

/// One page on the stack: which feature draws it, its task and entity, and its state.
public struct PageInstance: Equatable, Sendable {
  public let id: PageID
  public var pageName: String
  public var task: PageTask
  public var crumb: String
  public var state: AnyPageState
}

/// A `PageFeature` behind a type-erased interface (what the registry stores).
protocol PageDriving: Sendable {
  var prefersNarrowPane: Bool { get }
  func open(_ request: PageRequest, id: PageID, in session: Session) throws(PageRefusal)
    -> (AnyPageState, Effect<AnyPageAction>)
  func update(_ state: inout AnyPageState, _ action: AnyPageAction, in session: Session)
    -> Effect<AnyPageAction>
  func action(for key: KeyEvent, _ state: AnyPageState, in session: Session) -> AnyPageAction?
  func action(forPaste text: String, _ state: AnyPageState) -> AnyPageAction?
  func action(for message: PageMessage) -> AnyPageAction?
  func keyMap(_ state: AnyPageState, in session: Session) -> KeyMap<AnyPageAction>
  func view(_ state: AnyPageState, in context: ViewContext, area: Rect, buffer: inout Buffer)
  func title(_ state: AnyPageState, in session: Session) -> String
  func crumb(_ state: AnyPageState) -> String?
  func isLoading(_ state: AnyPageState) -> Bool
  func isAwaitingData(_ state: AnyPageState) -> Bool
  func isMovement(_ action: AnyPageAction) -> Bool
  func status(_ state: AnyPageState, in session: Session) -> PageStatus
  func focus(_ state: AnyPageState, in session: Session) -> PageFocus
  func entityName(_ state: AnyPageState) -> String?
  func hasUnsavedChanges(_ state: AnyPageState) -> Bool
}

struct PageDriver<F: PageFeature>: PageDriving {
  var prefersNarrowPane: Bool { F.prefersNarrowPane }

  func open(_ request: PageRequest, id: PageID, in session: Session) throws(PageRefusal)
    -> (AnyPageState, Effect<AnyPageAction>)
  {
    let (state, effect) = try F.open(request, id: id, in: session)
    return (AnyPageState(state), effect.map { AnyPageAction($0) })
  }

  func update(_ state: inout AnyPageState, _ action: AnyPageAction, in session: Session)
    -> Effect<AnyPageAction>
  {
    guard var typed = state.base as? F.State, let action = action.base as? F.Action else { return .none }
    state = AnyPageState(PageStateHole())  // `typed` is the only copy, edited in place
    let effect = F.update(&typed, action, in: session)
    state = AnyPageState(typed)
    return effect.map { AnyPageAction($0) }
  }

  func action(for key: KeyEvent, _ state: AnyPageState, in session: Session) -> AnyPageAction? {
    typed(state).flatMap { F.action(for: key, $0, in: session) }.map { AnyPageAction($0) }
  }

  func action(forPaste text: String, _ state: AnyPageState) -> AnyPageAction? {
    typed(state).flatMap { F.action(forPaste: text, $0) }.map { AnyPageAction($0) }
  }

  func action(for message: PageMessage) -> AnyPageAction? {
    F.action(for: message).map { AnyPageAction($0) }
  }

  func keyMap(_ state: AnyPageState, in session: Session) -> KeyMap<AnyPageAction> {
    guard let state = typed(state) else { return KeyMap(F.name, []) }
    let map = F.keyMap(state, in: session)
    return KeyMap(map.name, map.bindings.map {
      KeyBinding($0.keys, AnyPageAction($0.action), $0.description, shown: $0.shown)
    })
  }

  func view(_ state: AnyPageState, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard let state = typed(state) else { return }
    F.view(state, in: context, area: area, buffer: &buffer)
  }

  func title(_ state: AnyPageState, in session: Session) -> String {
    typed(state).map { F.title($0, in: session) } ?? F.name
  }

  func crumb(_ state: AnyPageState) -> String? { typed(state).flatMap(F.crumb) }
  func isLoading(_ state: AnyPageState) -> Bool { typed(state).map(F.isLoading) ?? false }
  func isAwaitingData(_ state: AnyPageState) -> Bool { typed(state).map(F.isAwaitingData) ?? false }

  func isMovement(_ action: AnyPageAction) -> Bool {
    (action.base as? F.Action).map(F.isMovement) ?? false
  }

  func status(_ state: AnyPageState, in session: Session) -> PageStatus {
    typed(state).map { F.status($0, in: session) } ?? PageStatus()
  }

  func focus(_ state: AnyPageState, in session: Session) -> PageFocus {
    typed(state).map { F.focus($0, in: session) } ?? PageFocus()
  }

  func entityName(_ state: AnyPageState) -> String? { typed(state).flatMap(F.entityName) }
  func hasUnsavedChanges(_ state: AnyPageState) -> Bool { typed(state).map(F.hasUnsavedChanges) ?? false }

  private func typed(_ state: AnyPageState) -> F.State? { state.base as? F.State }
}
