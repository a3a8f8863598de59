import Access
import Rules
import DirectToTerminal
import TerminalCore
import Testing
import Theming
import Widgets

/// A Swift program's own page, plugged in by rule, embedding the stock inspector through a
/// `PageScope`: the reference's "any page replaceable by rules" and "custom pages that embed
/// stock views". Everything but its own star key comes from the inspector, `isAwaitingData`
/// included (keys typed before the row arrives wait for it).
enum FilmPage: PageFeature {
  struct State: Equatable, Sendable {
    var inspector: InspectFeature.State
    var stars = 0
  }

  enum Action: Equatable, Sendable {
    case inspector(InspectFeature.Action)
    case star
  }

  static let name = "FilmPage"

  static var inspector: PageScope<Self, InspectFeature> {
    PageScope(state: \.inspector, action: Action.inspector) {
      if case .inspector(let action) = $0 { action } else { nil }
    }
  }

  static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    let (inspector, effect) = try InspectFeature.open(request, id: id, in: session)
    return (State(inspector: inspector), Self.inspector.lift(effect))
  }

  static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    let stock = inspector.keyMap(state, in: session)
    return KeyMap("Film", [KeyBinding(.char("*"), .star, "Star")] + stock.bindings)
  }

  static func action(for message: PageMessage) -> Action? { inspector.action(for: message) }
  static func isMovement(_ action: Action) -> Bool { inspector.isMovement(action) }

  static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    if let effect = inspector.update(&state, action, in: session) { return effect }
    state.stars += 1
    return .none
  }

  static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    buffer.setString(
      "★ Film page · stars: \(state.stars)", x: area.x, y: area.y, style: context.theme[.accent])
    inspector.view(
      state, in: context, area: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1),
      buffer: &buffer)
  }

  static func describe(_ state: State, in session: Session) -> PageDescription {
    var description = inspector.describe(state, in: session)
    description.title = "★ " + description.title
    return description
  }
}

@Suite struct EmbeddingTests {
  @Test func aRegisteredPageReplacesTheInspectorByRule() throws {
    let driver = try AppDriver.demo()
    var configuration = D2TConfiguration(
      database: driver.database, countDatabase: driver.countDatabase,
      ruleFiles: driver.ruleFiles, title: "DVD Rental")
    configuration.pages.register(FilmPage.self)
    configuration.swiftRules = [\.task == "inspect" && \.entity.name == "Film" => \.page <= "FilmPage"]
    var app = D2TApp(configuration)
    let screen = run(&app, "Down Down Enter Enter * *", width: 120, height: 30)
    #expect(screen.contains("╭─ ★ AMBER ANCHOR"), "\(screen)")
    #expect(screen.contains("★ Film page · stars: 2"), "its own keys work:\n\(screen)")
    #expect(screen.contains(/│ Language +English/), "the stock inspector inside works:\n\(screen)")
    let customer = run(&app, "Escape Escape Up Up Enter Enter", width: 120, height: 30)
    #expect(!customer.contains("★"), "other entities keep the stock inspector:\n\(customer)")
  }
}
