import Foundation
import TerminalCore
import Testing

@testable import DirectToTerminal

/// Following a server costs one small statement a second and nothing more when nothing
/// changed (issue 28 item 4): the statement moved the app's place in the SQL log, which
/// made its state differ, so every check rendered a whole frame (0.25 % CPU idle at 200×50,
/// found by a new user's walk).
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct IdleFollowFrameTests {
  @Test func aFollowCheckThatFindsNothingNewDrawsNoFrame() throws {
    var app = try AppDriver.postgresLarge().makeApp()
    defer { app.shutDown() }
    _ = run(&app, "Enter", width: 120, height: 30)
    // The first check with rows fetches the window once more; the next ones only look.
    for _ in 0..<3 {
      app.follow()
      #expect(app.worker.waitUntilIdle())
      _ = app.tick()
    }
    let seen = app.state.sqlEntriesSeen.count
    app.follow()
    #expect(app.worker.waitUntilIdle())
    #expect(app.tick() == false, "a check that found nothing new asked for a frame")
    #expect(app.state.sqlEntriesSeen.count > seen, "the check ran its statement")
  }
}
