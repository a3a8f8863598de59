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
    registry.register(FrequencyFeature.self)
    registry.register(GroupByFeature.self)
    registry.register(ChartFeature.self)
    registry.register(BatchEditFeature.self)
    registry.register(ImportFeature.self)
    registry.register(SummaryFeature.self)
    registry.register(SummariesFeature.self)
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
  /// The page keeps a narrow pane on the left (entity lists), as it said when it opened:
  /// the layout, drawn every frame, asks no page to describe itself for it.
  public var prefersNarrowPane = false
}

/// A `PageFeature` behind a type-erased interface (what the registry stores).
protocol PageDriving: Sendable {
  func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (AnyPageState, Effect<AnyPageAction>)
  func update(
    _ state: inout AnyPageState, _ action: AnyPageAction, in session: Session
  )
    -> Effect<AnyPageAction>
  func action(for key: KeyEvent, _ state: AnyPageState, in session: Session) -> AnyPageAction?
  func action(forPaste text: String, _ state: AnyPageState) -> AnyPageAction?
  func action(for message: PageMessage) -> AnyPageAction?
  func keyMap(_ state: AnyPageState, in session: Session) -> KeyMap<AnyPageAction>
  var keySection: String { get }
  var keyCatalogue: KeyMap<AnyPageAction> { get }
  func view(_ state: AnyPageState, in context: ViewContext, area: Rect, buffer: inout Buffer)
  func describe(_ state: AnyPageState, in session: Session) -> PageDescription
  func isMovement(_ action: AnyPageAction) -> Bool
}

struct PageDriver<F: PageFeature>: PageDriving {
  func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (AnyPageState, Effect<AnyPageAction>)
  {
    let (state, effect) = try F.open(request, id: id, in: session)
    return (AnyPageState(state), effect.map { AnyPageAction($0) })
  }

  func update(
    _ state: inout AnyPageState, _ action: AnyPageAction, in session: Session
  )
    -> Effect<AnyPageAction>
  {
    guard var typed = state.base as? F.State else {
      PageMismatch.report("\(F.name) holds a state of type \(type(of: state.base))")
      return .none
    }
    guard let action = action.base as? F.Action else {
      PageMismatch.report("\(F.name) was sent an action of type \(type(of: action.base)): \(action.base)")
      return .none
    }
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
    return F.keyMap(state, in: session).map { AnyPageAction($0) }
  }

  var keySection: String { F.keySection }

  var keyCatalogue: KeyMap<AnyPageAction> { F.keyCatalogue.map { AnyPageAction($0) } }

  func view(_ state: AnyPageState, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard let state = typed(state) else { return }
    F.view(state, in: context, area: area, buffer: &buffer)
  }

  func describe(_ state: AnyPageState, in session: Session) -> PageDescription {
    typed(state).map { F.describe($0, in: session) } ?? PageDescription(title: F.name)
  }

  func isMovement(_ action: AnyPageAction) -> Bool {
    (action.base as? F.Action).map(F.isMovement) ?? false
  }

  private func typed(_ state: AnyPageState) -> F.State? { state.base as? F.State }
}
