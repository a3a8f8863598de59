import Access
import DirectToTerminal
import Foundation
import SQLiteAdaptor
import Synchronization
import TerminalCore
import Testing

/// Time is a dependency (issue 21 item 3): timers run when a `ManualScheduler` is moved on,
/// and the app's follow checks run on it, so these tests never sleep.
@Suite struct SchedulerTests {
  @Test func timersRunInTheOrderTheyFallDueWhenTimeMoves() {
    let scheduler = ManualScheduler()
    let ran = Mutex<[String]>([])
    scheduler.schedule(after: .seconds(2)) { ran.withLock { $0.append("two") } }
    scheduler.schedule(after: .seconds(1)) {
      ran.withLock { $0.append("one") }
      scheduler.schedule(after: .milliseconds(500)) { ran.withLock { $0.append("one and a half") } }
    }
    scheduler.schedule(after: .seconds(1)) { ran.withLock { $0.append("one again") } }
    let start = scheduler.now
    scheduler.advance(by: .milliseconds(999))
    #expect(ran.withLock { $0 }.isEmpty, "nothing is due before its time")
    scheduler.advance(by: .seconds(2))
    #expect(ran.withLock { $0 } == ["one", "one again", "one and a half", "two"])
    #expect(scheduler.now - start == .milliseconds(2999))
    #expect(scheduler.pendingCount == 0)
  }

  /// The list follows another client's change once a second of the scheduler's time has
  /// passed, not before, and stops following after five minutes without a key.
  @Test func followChecksRunOnTheSchedulersTime() throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("follow.sqlite").path
    let setup = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try setup.executeScript(
      "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'before')")
    setup.close()
    let scheduler = ManualScheduler()
    var configuration = D2TConfiguration(
      database: try Database(adaptor: SQLiteAdaptor(path: path)),
      countDatabase: try Database(adaptor: SQLiteAdaptor(path: path)), title: "Notes")
    configuration.scheduler = scheduler
    var app = D2TApp(configuration)
    app.setWake {}
    defer { app.shutDown() }
    #expect(run(&app, "Enter", width: 60, height: 8).contains("before"))

    let other = try SQLiteAdaptor(path: path).openChannel()
    defer { other.close() }
    _ = try other.execute(SQLStatement("UPDATE note SET body = 'after' WHERE id = 1"))
    #expect(run(&app, width: 60, height: 8).contains("before"), "no check before a second has passed")
    scheduler.advance(by: .seconds(1))
    let followed = run(&app, width: 60, height: 8)
    #expect(followed.contains("after"), "\(followed)")

    scheduler.advance(by: .seconds(300))
    _ = run(&app, width: 60, height: 8)
    _ = try other.execute(SQLStatement("UPDATE note SET body = 'unseen' WHERE id = 1"))
    scheduler.advance(by: .seconds(2))
    #expect(run(&app, width: 60, height: 8).contains("after"), "five minutes without a key: no more checks")
  }
}
