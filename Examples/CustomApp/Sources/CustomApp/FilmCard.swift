import Access
import DirectToTerminal
import TerminalCore
import Widgets

/// A page of the program's own: a film as a card with its title, its stars and a note,
/// where the stock inspector would show a form. The rule
/// `task = 'inspect' and entity.name = 'Film' => page <= FilmCard` opens it.
enum FilmCard: PageFeature {
  struct State: Equatable, Sendable {
    var key: [String: DatabaseValue]
    var row: Row?
    var message: String?
  }

  enum Action: Equatable, Sendable {
    case loaded(Result<FetchResult, WorkError>)
    case reload
  }

  static let name = "FilmCard"

  static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let key = request.key else { throw PageRefusal("A film card needs a film.") }
    let state = State(key: key)
    return (state, fetch(state))
  }

  static func fetch(_ state: State) -> Effect<Action> {
    .fetch(FetchSpecification(entityName: "Film", qualifier: .matching(state.key), limit: 1)) { .loaded($0) }
  }

  static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    KeyMap("Film card", [KeyBinding(.char("r"), .reload, "Reload")])
  }

  static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .loaded(.success(let result)):
      state.row = result.rows.first
      state.message = state.row == nil ? "This film is gone." : nil
      return .none
    case .loaded(.failure(let error)):
      state.message = error.message
      return .none
    case .reload:
      return fetch(state)
    }
  }

  static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard let row = state.row else {
      buffer.setString(state.message ?? "…", x: area.x, y: area.y, style: context.theme[.muted])
      return
    }
    let title = row["title"]?.stringValue ?? "?"
    let stars = StarRating().display(.value(row["stars"] ?? .null), in: ComponentContext())
    buffer.setString("🎬 " + title, x: area.x, y: area.y, style: context.theme[.accent])
    buffer.setString(stars.text, x: area.x, y: area.y + 2, style: context.theme[.foreground])
    buffer.setString(row["note"]?.stringValue ?? "", x: area.x, y: area.y + 4, style: context.theme[.foreground])
  }

  static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(title: state.row?["title"]?.stringValue ?? "Film", entityName: "Film")
  }
}
