import Access
import Crypto
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// `firstTask <= "login"`: the login page, the user in every rule context, logout.
extension D2TApp {
  /// The entity users log in with: the `userEntityName` rule, else one with a login-like
  /// and a password-like column (staff, users, accounts first).
  var userEntity: Entity? {
    let named = environment.context(task: "login").string("userEntityName")
    if !named.isEmpty, let entity = environment.model[entity: named] { return entity }
    return UserEntityFinder.entity(in: environment.model)
  }

  mutating func handleLogin(_ key: KeyEvent) {
    guard case .login(var login) = state.focusedPage?.content else { return }
    defer { putLogin(login) }
    if login.checking != nil { return }
    switch key.key {
    case .tab, .backTab, .down, .up:
      login.focus = 1 - login.focus
    case .enter:
      if login.focus == 0 {
        login.focus = 1
        return
      }
      submitLogin(&login)
    case .escape:
      state.quitRequested = true
    default:
      if login.focus == 0 { _ = login.username.handle(key) } else { _ = login.password.handle(key) }
      login.message = nil
    }
  }

  mutating func putLogin(_ login: LoginState) {
    guard state.stack.indices.contains(state.focus) else { return }
    state.stack[state.focus].content = .login(login)
  }

  /// Looks the user up off the loop; after 5 failures in a row each try waits longer.
  mutating func submitLogin(_ login: inout LoginState) {
    if let until = login.lockedUntil, clock.now < until {
      let seconds = Int((until - clock.now).components.seconds) + 1
      login.message = "Too many failed logins: wait \(seconds) s"
      return
    }
    guard let entity = userEntity, let loginAttribute = UserEntityFinder.loginAttribute(of: entity) else {
      login.message = "No user entity: set the userEntityName rule"
      return
    }
    let name = login.username.text.trimmingCharacters(in: .whitespaces)
    login.pendingUser = name
    login.pendingPassword = login.password.text
    login.checking = clock.now
    let spec = FetchSpecification(
      entityName: entity.name,
      qualifier: .comparison(PropertyPath(loginAttribute.name), .equal, .string(name)), limit: 1)
    let id = state.stack[state.focus].id
    worker.submit { db in .login(page: id, attempt { try db.fetch(spec).rows.first }) }
  }

  mutating func absorbLogin(_ pageID: Int, _ outcome: Result<Row?, WorkError>) {
    guard let index = state.index(ofPage: pageID), case .login(var login) = state.stack[index].content,
      let entity = userEntity
    else { return }
    login.checking = nil
    let allowsPlain = environment.context(task: "login").bool("allowsPlainTextPasswords")
    switch outcome {
    case .failure(let error):
      login.message = error.message
    case .success(let row):
      let stored = row.flatMap { row in UserEntityFinder.passwordAttribute(of: entity).flatMap { row[$0.name]?.stringValue } }
      if let row, let stored, Self.passwordMatches(login.pendingPassword, stored: stored, allowsPlain: allowsPlain) {
        environment.user = RecordObject(entity: entity, row: row)
        state.stack.removeAll()
        state.focus = 0
        let task = environment.context(task: "login").string("nextTask", "query")
        openPage(task: task == "login" ? "query" : task, entityName: nil, crumb: nil)
        state.banner = (.success, "Logged in as \(login.pendingUser)")
        return
      }
      login.failures += 1
      login.password = TextFieldState()
      login.message = "Unknown user or wrong password"
      if login.failures >= 5 {
        let delay = Duration.seconds(1 << min(6, login.failures - 4))
        login.lockedUntil = clock.now + delay
        login.message = "Unknown user or wrong password; \(login.failures) failures: wait \(delay.components.seconds) s"
      }
    }
    state.stack[index].content = .login(login)
  }

  /// SHA-1 or MD5 hex as the reference checks them; plain text only when a rule allows it.
  static func passwordMatches(_ password: String, stored: String, allowsPlain: Bool) -> Bool {
    let data = Data(password.utf8)
    let sha1 = Insecure.SHA1.hash(data: data).map { String(format: "%02x", $0) }.joined()
    let md5 = Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    let lowered = stored.lowercased()
    return lowered == sha1 || lowered == md5 || (allowsPlain && stored == password)
  }

  /// Ctrl-O: forget the user and return to the login page.
  mutating func logout() {
    guard environment.user != nil else {
      state.banner = (.notice, "Nobody is logged in")
      return
    }
    environment.user = nil
    state.stack.removeAll()
    state.focus = 0
    openPage(task: "login", entityName: nil, crumb: nil)
    state.banner = (.notice, "Logged out")
  }
}
