import TerminalCore
import Widgets

/// What could not be shown, and why; Esc goes back.
public enum ErrorFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var title: String
    var message: String
  }

  public enum Action: Equatable, Sendable {
    case none
  }

  public static let name = "ErrorPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    (
      State(
        title: "Cannot open '\(request.task)'",
        message: request.detail(as: ErrorRequest.self)?.reason ?? "Nothing to show."), .none
    )
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static let keyCatalogue = KeyMap<Action>("Error", [])

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    var y = area.y
    for line in state.message.wrapped(toWidth: max(1, area.width - 2)) where y < area.bottom {
      buffer.setString(line, x: area.x + 1, y: y, style: context.theme[.error])
      y += 1
    }
    if y + 1 < area.bottom {
      buffer.setString("Esc goes back", x: area.x + 1, y: y + 1, style: context.theme[.muted])
    }
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state))
  }
  static func title(_ state: State, in session: Session) -> String { state.title }
  static func crumb(_ state: State) -> String? { "Error" }
}

/// Why a task could not be shown, for the error page.
public struct ErrorRequest: Hashable, Sendable {
  public var reason: String

  public init(reason: String) { self.reason = reason }
}
