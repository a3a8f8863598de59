@testable import DirectToTerminal
import Synchronization
import TerminalCore
import Testing
import Widgets

/// A page's action or state that reaches a page of another type is reported (logged and
/// handed to the observer), never dropped in silence (issue 21 item 1).
@Suite(.serialized) struct PageMismatchTests {
  enum Counter: PageFeature {
    typealias State = Int
    enum Action: Equatable, Sendable { case add }
    static let name = "Counter"
    static func open(
      _ request: PageRequest, id: PageID, in session: Session
    ) throws(PageRefusal)
      -> (State, Effect<Action>)
    { (0, .none) }
    static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { KeyMap("Counter", []) }
    static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
      state += 1
      return .none
    }
    static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {}
    static func describe(_ state: State, in session: Session) -> PageDescription { PageDescription(title: "\(state)") }
  }

  enum Other: Equatable, Sendable { case unrelated }

  func reports(_ body: () -> Void) -> [String] {
    let reported = Mutex<[String]>([])
    PageMismatch.observe { message in reported.withLock { $0.append(message) } }
    defer { PageMismatch.observe(nil) }
    body()
    return reported.withLock { $0 }
  }

  @Test func anActionOfAnotherTypeIsReportedAndChangesNothing() {
    let session = Session.fake(model: FeatureFixture.model)
    var state = AnyPageState(1)
    let messages = reports {
      _ = PageDriver<Counter>().update(&state, AnyPageAction(Other.unrelated), in: session)
    }
    #expect(messages == ["Counter was sent an action of type Other: unrelated"])
    #expect(state == AnyPageState(1))
  }

  @Test func aStateOfAnotherTypeIsReported() {
    let session = Session.fake(model: FeatureFixture.model)
    var state = AnyPageState("not a counter")
    let messages = reports {
      _ = PageDriver<Counter>().update(&state, AnyPageAction(Counter.Action.add), in: session)
    }
    #expect(messages == ["Counter holds a state of type String"])
  }

  @Test func anActionOfItsOwnTypeIsApplied() {
    let session = Session.fake(model: FeatureFixture.model)
    var state = AnyPageState(1)
    let messages = reports {
      _ = PageDriver<Counter>().update(&state, AnyPageAction(Counter.Action.add), in: session)
    }
    #expect(messages.isEmpty)
    #expect(state == AnyPageState(2))
  }
}
