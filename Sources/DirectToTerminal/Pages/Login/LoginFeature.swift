import Access
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// `firstTask <= "login"`: user name and masked password, checked against the user entity
/// off the UI loop; after five failures in a row each try waits longer.
///
/// An unknown user costs the same as a wrong password: the typed password is checked
/// against another user's stored hash (same algorithm, same cost) and the answer thrown
/// away, so the time a failure takes does not tell which user names exist. The hash runs
/// on the background lane, never on the UI thread.
public enum LoginFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var username = TextFieldState()
    var password = TextFieldState()
    /// 0: the user name has focus, 1: the password.
    var focus = 0
    var message: String?
    var failures = 0
    var lockedUntil: ContinuousClock.Instant?
    var checkingSince: ContinuousClock.Instant?
    /// The name and password typed when the check started.
    var pendingUser = ""
    var pendingPassword = ""
  }

  public enum Action: Equatable, Sendable {
    case switchField
    case submit
    case quit
    case type(KeyEvent)
    case paste(String)
    case checked(name: String, Result<FetchResult, WorkError>)
    /// A stand-in user's row fetched for an unknown name (for equal work).
    case standIn(Result<FetchResult, WorkError>)
    /// The password check finished: the user when it matched.
    case verified(UserRecord?, LoginCheck)
  }

  public static let name = "LoginPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    (State(id: id), .none)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static let keyCatalogue = KeyMap<Action>(
    "Login",
    [
      KeyBinding([KeyEvent(.tab), KeyEvent(.backTab), KeyEvent(.down), KeyEvent(.up)], .switchField, "Next field"),
      KeyBinding(KeyEvent(.enter), .submit, "Log in"),
      KeyBinding(KeyEvent(.escape), .quit, "Quit"),
    ])

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.checkingSince != nil { return nil }
    return keyMap(state, in: session).action(for: key) ?? .type(key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? { .paste(text) }

  /// The entity users log in with: the `userEntityName` rule, else one with a login-like
  /// and a password-like column (staff, users, accounts first).
  static func userEntity(in session: Session) -> Entity? {
    let named = session.context(task: .login).string("userEntityName")
    if !named.isEmpty, let entity = session.model[entity: named] { return entity }
    return UserEntityFinder.entity(in: session.model)
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .switchField:
      state.focus = 1 - state.focus
    case .quit:
      return .command(.quit)
    case .type(let key):
      if state.focus == 0 { _ = state.username.handle(key) } else { _ = state.password.handle(key) }
      state.message = nil
    case .paste(let text):
      if state.focus == 0 {
        state.username.paste(text.replacingNewlines())
      } else {
        state.password.paste(text.replacingNewlines())
      }
    case .submit:
      if state.focus == 0 {
        state.focus = 1
        return .none
      }
      if let until = state.lockedUntil, session.now < until {
        let seconds = Int((until - session.now).components.seconds) + 1
        state.message = "Too many failed logins: wait \(seconds) s"
        return .none
      }
      let name = state.username.text.trimmingCharacters(in: .whitespaces)
      state.pendingUser = name
      state.pendingPassword = state.password.text
      return lookUp(&state, name: name, in: session)
    case .checked(let name, let result):
      return checked(&state, name: name, result, in: session)
    case .standIn(let result):
      // The name is unknown: the password is checked against another user's hash all the
      // same, and fails.
      let row = (try? result.get())?.rows.first
      return verify(&state, user: nil, stored: row.flatMap { storedHash(of: $0, in: session) }, in: session)
    case .verified(let user, let check):
      return verified(&state, user, check, in: session)
    }
    return .none
  }

  static func lookUp(_ state: inout State, name: String, in session: Session) -> Effect<Action> {
    guard let entity = userEntity(in: session), let login = UserEntityFinder.loginAttribute(of: entity) else {
      state.message = "No user entity: set the userEntityName rule"
      return .none
    }
    state.checkingSince = session.now
    let spec = FetchSpecification(
      entityName: entity.name, qualifier: .comparison(PropertyPath(key: login.name), .equal, .string(name)), limit: 1)
    return .fetch(spec) { .checked(name: name, $0) }
  }

  static func checked(
    _ state: inout State, name: String, _ result: Result<FetchResult, WorkError>, in session: Session
  ) -> Effect<Action> {
    state.checkingSince = nil
    guard let entity = userEntity(in: session) else { return .none }
    switch result {
    case .failure(let error):
      state.message = error.message
      return .none
    case .success(let page):
      let row = page.rows.first
      if row == nil, name != name.lowercased() {
        return lookUp(&state, name: name.lowercased(), in: session)
      }
      guard let row, let stored = storedHash(of: row, in: session) else {
        state.checkingSince = session.now
        return .fetch(FetchSpecification(entityName: entity.name, limit: 1)) { .standIn($0) }
      }
      return verify(
        &state, user: UserRecord(entityName: entity.name, row: row, name: state.pendingUser), stored: stored,
        in: session)
    }
  }

  /// The user row's stored password (hash), if it has one.
  static func storedHash(of row: Row, in session: Session) -> String? {
    guard let entity = userEntity(in: session) else { return nil }
    return UserEntityFinder.passwordAttribute(of: entity).flatMap { row[$0.name]?.stringValue }
  }

  /// Checks the typed password against `stored` on the background lane; `user` nil: an
  /// unknown name, checked for the same work and refused whatever the answer.
  static func verify(
    _ state: inout State, user: UserRecord?, stored: String?, in session: Session
  )
    -> Effect<Action>
  {
    state.checkingSince = session.now
    let password = state.pendingPassword
    let name = state.pendingUser
    let throttle = session.loginThrottle
    let allowsPlain = session.context(task: .login).bool("allowsPlainTextPasswords")
    // The work's value names only the kind of hash and its cost: a known and an unknown
    // user give the same value, as they cost the same. The name's persistent back-off is
    // read and written there too, off the UI loop.
    return .run(
      "check the password", of: PasswordHash.kind(of: stored ?? ""), lane: .background,
      { context in
        let connection = context.database.adaptor.connectionID
        if let throttle {
          let wait = throttle.wait(connection: connection, name: name, now: Date())
          if wait > 0 { return LoginCheck.wait(seconds: wait) }
        }
        let matches = passwordMatches(password, stored: stored ?? "", allowsPlain: allowsPlain)
        let succeeded = user != nil && stored != nil && matches
        let failures = throttle?.record(connection: connection, name: name, succeeded: succeeded, now: Date()) ?? 0
        return succeeded ? LoginCheck.matched : LoginCheck.refused(failures: failures)
      }
    ) { result in
      let check = (try? result.get()) ?? .refused(failures: 0)
      return .verified(check == .matched ? user : nil, check)
    }
  }

  static func verified(
    _ state: inout State, _ user: UserRecord?, _ check: LoginCheck, in session: Session
  ) -> Effect<Action> {
    state.checkingSince = nil
    state.password = TextFieldState()
    state.pendingPassword = ""
    if let user, check == .matched { return .command(.logIn(user)) }
    if case .wait(let seconds) = check {
      state.message = "Too many failed logins for this name: wait \(seconds) s"
      return .none
    }
    state.failures += 1
    state.message = "Unknown user or wrong password"
    // The session's own count, and the name's across sessions (`LoginThrottle`).
    let kept = if case .refused(let failures) = check { failures } else { 0 }
    let failures = max(state.failures, kept)
    if failures >= LoginThrottle.freeFailures {
      let delay = Int(LoginThrottle.delay(afterFailures: failures))
      if state.failures >= LoginThrottle.freeFailures { state.lockedUntil = session.now + .seconds(delay) }
      state.message = "Unknown user or wrong password; \(failures) failures: wait \(delay) s"
    }
    return .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    let width = min(48, area.width - 2)
    let x = area.x + max(0, (area.width - width) / 2)
    var y = area.y + max(0, area.height / 2 - 4)
    buffer.setString("Log in to " + context.session.databaseTitle, x: x, y: y, width: width, style: theme[.title])
    y += 2
    var user = state.username
    var password = state.password
    buffer.setString("User", x: x, y: y, style: theme[.muted])
    TextField(placeholder: "user name", focused: context.focused && state.focus == 0, theme: theme)
      .render(in: Rect(x: x + 10, y: y, width: width - 10, height: 1), buffer: &buffer, state: &user)
    y += 2
    buffer.setString("Password", x: x, y: y, style: theme[.muted])
    TextField(placeholder: "password", mask: "•", focused: context.focused && state.focus == 1, theme: theme)
      .render(in: Rect(x: x + 10, y: y, width: width - 10, height: 1), buffer: &buffer, state: &password)
    y += 2
    if let message = state.message {
      buffer.setString(message, x: x, y: y, width: width, style: theme[.error])
    }
    if let since = state.checkingSince { Spinner.draw(since: since, in: area, context: context, buffer: &buffer) }
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      isLoading: isLoading(state))
  }
  static func title(_ state: State, in session: Session) -> String { "Login" }
  static func crumb(_ state: State) -> String? { "Login" }
  static func isLoading(_ state: State) -> Bool { state.checkingSince != nil }

  /// Whether `password` matches the stored value (see `PasswordHash`).
  static func passwordMatches(_ password: String, stored: String, allowsPlain: Bool) -> Bool {
    PasswordHash.verify(password, stored: stored, allowsPlain: allowsPlain)
  }
}

/// What the background lane says of a login: the password matched, it did not (with the
/// name's failures in a row, kept across sessions), or the name must wait first.
public enum LoginCheck: Hashable, Sendable {
  case matched
  case refused(failures: Int)
  case wait(seconds: Int)
}
