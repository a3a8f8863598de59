import TerminalCore
import Widgets

/// One page feature embedded in another, as TCA's `Scope(state:action:)`: the child's
/// state at a key path of the parent's, its actions wrapped in one case of the parent's.
/// Everything the runtime asks of a page — key map, keys, paste, messages, `update`,
/// `describe`, movement, `view` — comes from the child through the scope, so a parent
/// forwards nothing by hand and adds only what is its own.
///
///     enum FilmPage: PageFeature {
///       struct State: Equatable, Sendable { var inspector: InspectFeature.State; var stars = 0 }
///       enum Action: Equatable, Sendable { case inspector(InspectFeature.Action); case star }
///       static var inspector: PageScope<Self, InspectFeature> {
///         PageScope(state: \.inspector, action: Action.inspector) {
///           if case .inspector(let action) = $0 { action } else { nil }
///         }
///       }
///       static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
///         if let effect = inspector.update(&state, action, in: session) { return effect }
///         state.stars += 1
///         return .none
///       }
///       …
///     }
public struct PageScope<Parent: PageFeature, Child: PageFeature> {
  /// Where the child's state is in the parent's.
  public let state: WritableKeyPath<Parent.State, Child.State>
  /// The parent's action for a child action.
  public let embed: @Sendable (Child.Action) -> Parent.Action
  /// The child action a parent action holds, nil when it is the parent's own.
  public let extract: (Parent.Action) -> Child.Action?

  public init(
    state: WritableKeyPath<Parent.State, Child.State>,
    action embed: @escaping @Sendable (Child.Action) -> Parent.Action,
    extract: @escaping (Parent.Action) -> Child.Action?
  ) {
    self.state = state
    self.embed = embed
    self.extract = extract
  }

  /// The child's effect as the parent's.
  public func lift(_ effect: Effect<Child.Action>) -> Effect<Parent.Action> {
    effect.map(embed)
  }

  /// The child's key map, sending the parent's actions.
  public func keyMap(_ parent: Parent.State, in session: Session) -> KeyMap<Parent.Action> {
    Child.keyMap(parent[keyPath: state], in: session).map(embed)
  }

  /// The child's action for a key (its text fields included).
  public func action(for key: KeyEvent, _ parent: Parent.State, in session: Session) -> Parent.Action? {
    Child.action(for: key, parent[keyPath: state], in: session).map(embed)
  }

  /// The child's action for pasted text.
  public func action(forPaste text: String, _ parent: Parent.State) -> Parent.Action? {
    Child.action(forPaste: text, parent[keyPath: state]).map(embed)
  }

  /// The child's action for a message from the app or another page.
  public func action(for message: PageMessage) -> Parent.Action? {
    Child.action(for: message).map(embed)
  }

  /// Runs a child action on the child's state; nil when `action` is the parent's own.
  public func update(
    _ parent: inout Parent.State, _ action: Parent.Action, in session: Session
  )
    -> Effect<Parent.Action>?
  {
    guard let inner = extract(action) else { return nil }
    return lift(Child.update(&parent[keyPath: state], inner, in: session))
  }

  /// What the child says of itself (the parent may change parts of it).
  public func describe(_ parent: Parent.State, in session: Session) -> PageDescription {
    Child.describe(parent[keyPath: state], in: session)
  }

  /// Whether a parent action is a child action that only moves the cursor.
  public func isMovement(_ action: Parent.Action) -> Bool {
    extract(action).map(Child.isMovement) ?? false
  }

  /// Draws the child in `area`.
  public func view(_ parent: Parent.State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    Child.view(parent[keyPath: state], in: context, area: area, buffer: &buffer)
  }
}
