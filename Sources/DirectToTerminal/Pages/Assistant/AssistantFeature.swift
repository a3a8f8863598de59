import Access
import Assistant
import Rules
import TerminalCore
import Widgets

/// The assistant (`A`): for the focused column or field, entity, or page, the options
/// rules decide — shown or not, place, label, formatter, component, the entity's name,
/// visibility, place, read-only, sort and page size, `nextTask`, `firstTask` — each with
/// its value and the rule that gave it. A change asks how widely it applies, shows the
/// exact rule and, confirmed, writes it to the session's rule file (`AppCommand.writeRule`);
/// `u` takes the last one back.
public enum AssistantFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var request: AssistantRequest
    var options: [AssistantOption]
    var selected = 0
    var mode = Mode.browse
    var message: String?
    /// The page's properties when the assistant opened (a property shown again returns to
    /// its place among them).
    var openedKeys: [String] = []
  }

  enum Mode: Equatable, Sendable {
    case browse
    /// Typing a new value for an option.
    case text(AssistantOption, TextFieldState)
    /// Choosing among names (formatters, components, tasks, hidden properties).
    case choose(AssistantOption, [String], Int)
    /// Choosing the scope of a change, its rule shown; Enter writes it.
    case scope(PendingChange, Int)
  }

  public enum Action: Equatable, Sendable {
    case move(Int)
    case activate
    case key(KeyEvent)
    case paste(String)
    case cancel
    case undo
    case message(PageMessage)
  }

  public static let name = "AssistantPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let target = request.detail(as: AssistantRequest.self) else {
      throw PageRefusal("The assistant opens with A on a column, field, entity or page.", asBanner: true)
    }
    if session.assistantFile == nil {
      throw PageRefusal("The assistant has no rule file to write in this session.", asBanner: true)
    }
    var state = State(id: id, request: target, options: options(for: target, in: session))
    if let entity = session.entity(named: target.entityName), target.kind == .column || target.kind == .field {
      state.openedKeys = session.displayPropertyKeys(task: target.task, entity: entity)
    }
    return (state, .none)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    switch state.mode {
    case .browse: keyCatalogue.only(["change", "undo", "up", "down"])
    case .text: keyCatalogue.only(["apply", "cancel"])
    case .choose:
      keyCatalogue.only(["apply", "cancel", "up", "down"]).updating("apply") { $0.description = "Choose" }
    case .scope:
      keyCatalogue.only(["apply", "cancel", "up", "down"]).updating("apply") { $0.description = "Write the rule" }
        .updating("up") { $0.description = "Scope up" }.updating("down") { $0.description = "Scope down" }
    }
  }

  public static let keyCatalogue = KeyMap<Action>(
    "Assistant",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .activate, "Change", name: "change"),
      KeyBinding(.char("u"), .undo, "Undo the last written rule"),
      KeyBinding(KeyEvent(.enter), .activate, "Apply", name: "apply"),
      KeyBinding(KeyEvent(.escape), .cancel, "Cancel", role: .cancel),
      KeyBinding([KeyEvent(.up), .char("k")], .move(-1), "Up", shown: false, name: "up"),
      KeyBinding([KeyEvent(.down), .char("j")], .move(1), "Down", shown: false, name: "down"),
    ])

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    switch state.mode {
    case .text:
      if key == KeyEvent(.enter) { return .activate }
      if key == KeyEvent(.escape) { return .cancel }
      return .key(key)
    case .scope(let change, _):
      if case .character(let c) = key.key, key.modifiers.isEmpty, let digit = c.wholeNumberValue,
        (1...change.scopes.count).contains(digit)
      {
        return .key(key)
      }
      return keyMap(state, in: session).action(for: key)
    default:
      return keyMap(state, in: session).action(for: key)
    }
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    if case .text = state.mode { return .paste(text) }
    return nil
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .move(let delta):
      switch state.mode {
      case .browse:
        state.selected = max(0, min(state.options.count - 1, state.selected + delta))
      case .choose(let option, let names, let index):
        state.mode = .choose(option, names, max(0, min(names.count - 1, index + delta)))
      case .scope(let change, let index):
        state.mode = .scope(change, max(0, min(change.scopes.count - 1, index + delta)))
      case .text:
        break
      }
    case .activate:
      return activate(&state, in: session)
    case .key(let key):
      switch state.mode {
      case .text(let option, var field):
        _ = field.handle(key)
        state.mode = .text(option, field)
      case .scope(let change, _):
        if case .character(let c) = key.key, let digit = c.wholeNumberValue {
          state.mode = .scope(change, digit - 1)
        }
      default:
        break
      }
    case .paste(let text):
      if case .text(let option, var field) = state.mode {
        // No control character from a paste reaches the rule file or the screen.
        let scalars = text.replacingNewlines().unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        field.paste(String(String.UnicodeScalarView(scalars)))
        state.mode = .text(option, field)
      }
    case .cancel:
      state.mode = .browse
      state.message = nil
    case .undo:
      return .command(.undoRuleWrite)
    case .message(.rulesChanged):
      state.options = options(for: state.request, in: session)
      state.selected = min(state.selected, max(0, state.options.count - 1))
    case .message:
      break
    }
    return .none
  }

  /// Enter: starts changing the selected option, takes the typed or chosen value, or
  /// writes the rule of the chosen scope.
  static func activate(_ state: inout State, in session: Session) -> Effect<Action> {
    state.message = nil
    switch state.mode {
    case .browse:
      guard state.options.indices.contains(state.selected) else { return .none }
      let option = state.options[state.selected]
      switch option.input {
      case .immediate:
        let (request, opened) = (state.request, state.openedKeys)
        guard
          let mode = scopeMode(
            option, in: session,
            value: {
              immediateValue(option, request, openedKeys: opened, in: $0)
            })
        else {
          state.message = "\(option.title): nothing to change here"
          return .none
        }
        state.mode = mode
      case .text(let current):
        state.mode = .text(option, TextFieldState(current))
      case .choice(let names, let current):
        state.mode = .choose(option, names, names.firstIndex(of: current) ?? 0)
      }
    case .text(let option, let field):
      switch typedValue(option, field.text, state.request, in: session) {
      case .success(let value): state.mode = scopeMode(option, in: session, value: { _ in value }) ?? .browse
      case .failure(let problem): state.message = problem.message
      }
    case .choose(let option, let names, let index):
      guard names.indices.contains(index) else { return .none }
      let (name, request) = (names[index], state.request)
      state.mode = scopeMode(option, in: session, value: { chosenValue(option, name, request, in: $0) }) ?? .browse
    case .scope(let change, let index):
      guard change.plans.indices.contains(index) else { return .none }
      let plan = change.plans[index]
      state.mode = .browse
      return .command(.writeRule(plan.rule, note: Session.stillWinningNote(plan)))
    }
    return .none
  }

  /// The scopes of a change, each with the rule it writes. The value is computed for each
  /// scope from what that scope sees (`value` gets the session as the scope sees it: no
  /// user but for "only me"), so an app-wide list never copies one user's own list onto
  /// everyone. A value naming one entity's properties offers no "every entity" scope.
  /// nil when no scope has anything to change.
  static func scopeMode(_ option: AssistantOption, in session: Session, value: (Session) -> RuleValue?) -> Mode? {
    let scopes =
      option.kind == .firstTask
      ? [RuleScope.entityInTask]
      : RuleScope.available(for: option.target, valueNamesProperties: RuleScope.namesProperties(option.key))
    var kept: [RuleScope] = []
    var plans: [RulePlan] = []
    for scope in scopes {
      guard let scoped = value(session.seen(in: scope)) else { continue }
      kept.append(scope)
      plans.append(session.planRule(key: option.key, value: scoped, target: option.target, scope: scope))
    }
    guard !kept.isEmpty else { return nil }
    // The first scope the user may write starts selected (a user without permission rules
    // starts on "only me", not on a refused "everyone").
    let gate = RuleGate(session)
    let first = plans.firstIndex { gate.refusal(for: $0.rule) == nil } ?? 0
    return .scope(
      PendingChange(title: option.title, key: option.key, target: option.target, scopes: kept, plans: plans), first)
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    draw(state, in: context, area: area, buffer: &buffer)
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      status: status(state, in: session),
      focus: focus(state, in: session),
      entityName: entityName(state))
  }
  static func title(_ state: State, in session: Session) -> String {
    "Assistant: " + subject(state.request)
  }

  static func status(_ state: State, in session: Session) -> PageStatus {
    switch state.mode {
    case .browse: return PageStatus(message: state.message ?? "")
    case .text:
      return PageStatus(
        message: state.message ?? "",
        hints: [
          KeyHint(keys: "Enter", description: "Apply"), KeyHint(keys: "Esc", description: "Cancel"),
        ])
    case .choose:
      return PageStatus(hints: [
        KeyHint(keys: "↑/↓", description: "Choose"), KeyHint(keys: "Enter", description: "Take"),
        KeyHint(keys: "Esc", description: "Cancel"),
      ])
    case .scope(let change, _):
      return PageStatus(hints: [
        KeyHint(keys: "↑/↓/1–\(change.scopes.count)", description: "Scope"),
        KeyHint(keys: "Enter", description: "Write the rule"), KeyHint(keys: "Esc", description: "Cancel"),
      ])
    }
  }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    // What is being customised, so F12 explains it rather than the assistant's own page.
    PageFocus(
      entityName: state.request.entityName, row: state.request.row, propertyKey: state.request.propertyKey,
      task: state.request.task)
  }

  static func entityName(_ state: State) -> String? { state.request.entityName }

  /// `Customer · address.phone`, `Film`, `the entity list`.
  static func subject(_ request: AssistantRequest) -> String {
    let parts = [request.entityName, request.propertyKey].compactMap { $0 }
    return parts.isEmpty ? "the \(request.task) page" : parts.joined(separator: " · ")
  }
}
