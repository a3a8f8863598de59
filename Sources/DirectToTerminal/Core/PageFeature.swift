import Access
import Theming
import TerminalCore
import Widgets

/// A page kind as a feature: its state, its actions, the keys that send them, how an action
/// changes the state (returning the effects it wants), and how the state is drawn.
///
/// Register a feature by name in a `PageRegistry`; the `page` rule names it
/// (`task = 'inspect' and entity.name = 'Film' => page <= FilmPage`). `view` draws only:
/// it never changes state, reads a clock or touches the database.
///
///     struct HelloPage: PageFeature {
///       struct State: Equatable, Sendable { var greeting = "Hello" }
///       enum Action: Equatable, Sendable { case wave }
///       static let name = "HelloPage"
///       static func open(_ request: PageRequest, id: PageID, in session: Session)
///         throws(PageRefusal) -> (State, Effect<Action>) { (State(), .none) }
///       static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
///         KeyMap("Hello", [KeyBinding(.char("w"), .wave, "Wave")])
///       }
///       static func update(_ state: inout State, _ action: Action, in session: Session)
///         -> Effect<Action> { state.greeting += "!"; return .none }
///       static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
///         buffer.setString(state.greeting, x: area.x, y: area.y, style: context.theme[.foreground])
///       }
///       static func describe(_ state: State, in session: Session) -> PageDescription {
///         PageDescription(title: "Hello")
///       }
///     }
public protocol PageFeature {
  associatedtype State: Equatable & Sendable
  associatedtype Action: Equatable & Sendable

  /// The name the `page` rule uses.
  static var name: String { get }

  /// The page for a request and the work it needs first; a refusal says why it cannot open.
  static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)

  /// The page's key bindings (shown in the status bar and help); they may depend on state.
  static func keyMap(_ state: State, in session: Session) -> KeyMap<Action>

  /// The section of config.toml that rebinds the page's keys (`[keys.list]`).
  static var keySection: String { get }

  /// Every binding the page can have, in any state, by name: what `[keys.SECTION]` may
  /// rebind and is checked against (unknown names, keys taken twice). The default, an
  /// unnamed empty map, says the page does not list them: its keys are rebound as named but
  /// not checked beforehand.
  static var keyCatalogue: KeyMap<Action> { get }

  /// The action for a key, or nil to let the app's global keys have it. The default looks
  /// the key up in `keyMap`; pages with text fields send typed characters to them.
  static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action?

  /// The action for pasted text, if the page takes text.
  static func action(forPaste text: String, _ state: State) -> Action?

  /// The action for a message from the app or another page.
  static func action(for message: PageMessage) -> Action?

  static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action>

  static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer)

  /// What the runtime shows of the page around its pane and reads of it: title, crumb,
  /// status bar, focus, whether work runs or the row is awaited, unsaved input.
  static func describe(_ state: State, in session: Session) -> PageDescription

  /// Whether an action only moves the cursor (applied at once even while data loads).
  static func isMovement(_ action: Action) -> Bool
}

extension PageFeature {
  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    keyMap(state, in: session).action(for: key)
  }
  public static func action(forPaste text: String, _ state: State) -> Action? { nil }
  public static func action(for message: PageMessage) -> Action? { nil }
  public static func isMovement(_ action: Action) -> Bool { false }

  /// The page's name without `Page`, its first letter lowercased: `ConsolePage` → `console`.
  public static var keySection: String {
    let base = name.hasSuffix("Page") ? String(name.dropLast(4)) : name
    return base.prefix(1).lowercased() + base.dropFirst()
  }

  public static var keyCatalogue: KeyMap<Action> { KeyMap("", []) }
}

/// What a page's `describe` tells the runtime.
public struct PageDescription: Hashable, Sendable {
  /// The pane's title.
  public var title: String
  /// The breadcrumb, when the page knows a better one than the opener gave.
  public var crumb: String?
  /// The status bar's text on the left and right (position, mode).
  public var status: PageStatus
  /// What has focus, for the debug overlay and the assistant.
  public var focus: PageFocus
  /// Work the user waits for is running (Esc cancels it; a spinner turns).
  public var isLoading: Bool
  /// The row under the cursor is not loaded yet: keys that act on it wait until it is.
  public var isAwaitingData: Bool
  /// Unsaved input that `q` should ask about.
  public var hasUnsavedChanges: Bool
  /// The entity the page shows (for `n`, the debug overlay).
  public var entityName: String?
  /// Entity lists keep a narrow pane on the left.
  public var prefersNarrowPane: Bool
  /// A value is being typed in place (the list's cell edit): Ctrl-C cancels that input as
  /// Esc does, instead of quitting.
  public var editsInPlace = false

  public init(
    title: String, crumb: String? = nil, status: PageStatus = PageStatus(), focus: PageFocus = PageFocus(),
    isLoading: Bool = false, isAwaitingData: Bool = false, hasUnsavedChanges: Bool = false,
    entityName: String? = nil, prefersNarrowPane: Bool = false
  ) {
    self.title = title
    self.crumb = crumb
    self.status = status
    self.focus = focus
    self.isLoading = isLoading
    self.isAwaitingData = isAwaitingData
    self.hasUnsavedChanges = hasUnsavedChanges
    self.entityName = entityName ?? focus.entityName
    self.prefersNarrowPane = prefersNarrowPane
  }
}

/// The status bar's parts a page decides: a mode on the left (`Search`), hints that replace
/// the key map's while a line is typed, and a position on the right (`row 12 of 1,000`).
public struct PageStatus: Hashable, Sendable {
  public var message = ""
  public var hints: [KeyHint]?
  public var trailing = ""

  public init(message: String = "", hints: [KeyHint]? = nil, trailing: String = "") {
    self.message = message
    self.hints = hints
    self.trailing = trailing
  }
}

/// What has focus on a page: its entity, the row and the property under the cursor.
public struct PageFocus: Hashable, Sendable {
  public var entityName: String?
  public var row: Row?
  public var propertyKey: String?
  /// Lines the page adds to the debug overlay (an editor's changed values).
  public var notes: [String]
  /// The task the focus is about when it is another page's (the assistant's target); nil:
  /// the page's own.
  public var task: PageTask?

  public init(
    entityName: String? = nil, row: Row? = nil, propertyKey: String? = nil, notes: [String] = [], task: PageTask? = nil
  ) {
    self.task = task
    self.entityName = entityName
    self.row = row
    self.propertyKey = propertyKey
    self.notes = notes
  }
}

/// What `view` may use besides the state: the session, whether the pane has focus, the
/// frame's spinner tick and time (read once by the runtime, before drawing).
public struct ViewContext {
  public var session: Session
  public var focused: Bool
  public var tick: Int
  /// The debug overlay is open: components show their tags (`[DS]`).
  public var showsDebug = false

  public var theme: Theme { session.theme }
  public var registry: ComponentRegistry { session.registry }
  public var now: ContinuousClock.Instant { session.now }
}
