import Access
import Dispatch
import TerminalCore
import Testing

@testable import DirectToTerminal

/// Following a server stops when the user is away (five minutes without a key or a click),
/// and so does its timer: before, the timer still woke the app every second to do nothing
/// (a new user's `strace` of an idle list, issue 28 item 1). The next key starts it again.
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct AwayFollowTests {
  @Test func theFollowTimerStopsWhileTheUserIsAwayAndTheNextKeyStartsIt() throws {
    let driver = try AppDriver.postgresLarge()
    var configuration = D2TConfiguration(
      database: driver.database, countDatabase: driver.countDatabase, ruleFiles: [], theme: .builtinDefault)
    let scheduler = ManualScheduler()
    configuration.scheduler = scheduler
    var app = D2TApp(configuration)
    app.setWake {}
    defer { app.shutDown() }
    _ = run(&app, "Enter", width: 120, height: 30)
    #expect(scheduler.pendingCount == 1, "the follow timer is set")

    /// A second passes: the timer posts its check, the app takes it in.
    func second() {
      scheduler.advance(by: .seconds(1))
      _ = app.worker.waitUntilIdle()
      _ = app.tick()
    }
    for _ in 0..<299 { second() }
    #expect(scheduler.pendingCount == 1, "still there after 299 s")
    for _ in 0..<3 { second() }
    #expect(scheduler.pendingCount == 0, "away: no timer wakes the app")
    #expect(app.state.followPaused)

    _ = run(&app, "Down", width: 120, height: 30)
    #expect(!app.state.followPaused)
    #expect(scheduler.pendingCount == 1, "a key starts it again")
    second()
    #expect(scheduler.pendingCount == 1, "and it goes on every second")
  }
}
