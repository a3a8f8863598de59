import Access
@testable import DirectToTerminal
import Foundation
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
    store.complete(.ran(.success(LoginCheck.refused(failures: 1)))) { Self.failed(&$0, times: 1) }

    submit(store, typing: "x")
    store.complete(.fetched(.success(FetchResult(rows: [], sortKey: []))))
    #expect(store.pendingWork == [.fetch(FetchSpecification(entityName: "Staff", limit: 1))], "a stand-in user")
    store.complete(.fetched(.success(FetchResult(rows: [Self.mike], sortKey: []))))
    #expect(store.pendingWork == [known], "the same check, on a hash of the same kind and cost")
    guard case .run(let work) = known else { return }
    #expect(work.value == PageRequestDetail("bcrypt 10"))
    // The unknown name's check matches the stand-in's hash, and still fails.
    store.complete(.ran(.success(LoginCheck.matched))) { Self.failed(&$0, times: 2) }
  }

  /// Issue 22 item 7: the back-off is per name and survives a restart (a new store on the
  /// same file); a success clears it; names are kept only as hashes.
  @Test func failedLoginsWaitLongerPerNameAcrossSessions() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("logins/failures.json")
    let throttle = LoginThrottle(file: file)
    let start = Date(timeIntervalSince1970: 1_000_000)
    for attempt in 1...4 {
      #expect(throttle.wait(connection: "SQLite /x.db", name: "jon", now: start) == 0)
      #expect(throttle.record(connection: "SQLite /x.db", name: "Jon", succeeded: false, now: start) == attempt)
    }
    #expect(throttle.record(connection: "SQLite /x.db", name: "jon", succeeded: false, now: start) == 5)
    // A new session reading the same file: the fifth failure makes the name wait 2 s.
    let later = LoginThrottle(file: file)
    #expect(later.wait(connection: "SQLite /x.db", name: "JON", now: start.addingTimeInterval(1)) == 1)
    #expect(later.wait(connection: "SQLite /x.db", name: "mike", now: start) == 0, "another name does not wait")
    #expect(later.wait(connection: "SQLite /y.db", name: "jon", now: start) == 0, "nor the name on another database")
    #expect(later.record(connection: "SQLite /x.db", name: "jon", succeeded: false, now: start) == 6)
    #expect(later.wait(connection: "SQLite /x.db", name: "jon", now: start) == 4)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("jon") && !text.contains("x.db"), "no name or database in the file: \(text)")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    later.record(connection: "SQLite /x.db", name: "jon", succeeded: true, now: start)
    #expect(later.wait(connection: "SQLite /x.db", name: "jon", now: start) == 0, "a success clears it")
  }

  @Test func aNameThatMustWaitIsToldSoWithoutCheckingThePassword() throws {
    let store = try PageStore<LoginFeature>(
      PageRequest(task: .login), session: Session.fake(model: Self.model, rules: "userEntityName <= 'Staff'"))
    submit(store, typing: "mike")
    store.complete(.fetched(.success(FetchResult(rows: [Self.mike], sortKey: []))))
    store.complete(.ran(.success(LoginCheck.wait(seconds: 8)))) {
      $0.checkingSince = nil
      $0.password = TextFieldState()
      $0.pendingPassword = ""
      $0.message = "Too many failed logins for this name: wait 8 s"
    }
  }
}
