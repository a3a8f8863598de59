import Access
@testable import DirectToTerminal
import Testing
import TerminalCore
import Widgets

/// A failed login costs the same whether the user exists or not (issue 22 item 7): an
/// unknown name is checked against another user's stored hash, so both ask the background
/// lane for the very same work (the kind and cost of the hash), and both fail alike.
@Suite struct LoginFeatureTests {
  static let model = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(
        name: "staff",
        columns: [
          FeatureFixture.column("staff_id", FeatureFixture.int), FeatureFixture.column("username", FeatureFixture.text),
          FeatureFixture.column("password", FeatureFixture.text),
        ],
        primaryKey: ["staff_id"])
    ]))
  static let mike = Row(
    columns: ["id", "username", "password"],
    values: [.integer(1), .text("mike"), .text("$2b$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW")])

  /// Types `typed` after the user name there is, a password, and logs in.
  func submit(_ store: PageStore<LoginFeature>, typing typed: String) {
    if store.state.focus == 1 { store.send(.switchField) { $0.focus = 0 } }
    for character in typed {
      store.send(.type(.char(character))) {
        _ = $0.username.handle(.char(character))
        $0.message = nil
      }
    }
    store.send(.submit) { $0.focus = 1 }
    store.send(.type(.char("x"))) {
      _ = $0.password.handle(.char("x"))
      $0.message = nil
    }
    store.send(.submit) {
      $0.pendingUser = $0.username.text
      $0.pendingPassword = "x"
      $0.checkingSince = store.session.now
    }
  }

  /// The state after the `times`-th failed login.
  static func failed(_ state: inout LoginFeature.State, times: Int) {
    state.checkingSince = nil
    state.failures = times
    state.password = TextFieldState()
    state.pendingPassword = ""
    state.message = "Unknown user or wrong password"
  }

  @Test func anUnknownUserAsksForTheSameWorkAsAWrongPassword() throws {
    let store = try PageStore<LoginFeature>(
      PageRequest(task: .login), session: Session.fake(model: Self.model, rules: "userEntityName <= 'Staff'"))
    submit(store, typing: "mike")
    store.complete(.fetched(.success(FetchResult(rows: [Self.mike], sortKey: []))))
    let known = try #require(store.pendingWork.first)
    store.complete(.ran(.success(false))) { Self.failed(&$0, times: 1) }

    submit(store, typing: "x")
    store.complete(.fetched(.success(FetchResult(rows: [], sortKey: []))))
    #expect(store.pendingWork == [.fetch(FetchSpecification(entityName: "Staff", limit: 1))], "a stand-in user")
    store.complete(.fetched(.success(FetchResult(rows: [Self.mike], sortKey: []))))
    #expect(store.pendingWork == [known], "the same check, on a hash of the same kind and cost")
    guard case .run(let work) = known else { return }
    #expect(work.value == PageRequestDetail("bcrypt 10"))
    store.complete(.ran(.success(true))) { Self.failed(&$0, times: 2) }
  }
}
