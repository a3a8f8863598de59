import Access
import Dispatch
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

  /// On a SQLite file the list follows another client's change when the file is written
  /// (issue 28 item 4): the write wakes the app (inotify), the check runs on the scheduler's
  /// time shortly after (and once more for a commit still settling) — and while nobody
  /// writes no timer is pending and no statement runs. After five minutes without a key, a
  /// write is not checked. A rollback journal's commit writes the file, WAL's the `-wal`.
  @Test(arguments: ["delete", "wal"]) func followChecksRunWhenTheFileIsWritten(journalMode: String) throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("follow-\(UUID().uuidString).sqlite").path
    let setup = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try setup.executeScript(
      "PRAGMA journal_mode = \(journalMode); CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); "
        + "INSERT INTO note VALUES (1, 'before')")
    setup.close()
    let scheduler = ManualScheduler()
    let log = SQLLog()
    var configuration = D2TConfiguration(
      database: try Database(adaptor: SQLiteAdaptor(path: path, log: log)),
      countDatabase: try Database(adaptor: SQLiteAdaptor(path: path, log: log)), title: "Notes")
    configuration.scheduler = scheduler
    var app = D2TApp(configuration)
    let woken = DispatchSemaphore(value: 0)
    app.setWake { woken.signal() }
    defer { app.shutDown() }
    #expect(run(&app, "Enter", width: 60, height: 8).contains("before"))
    #expect(scheduler.pendingCount == 0, "no timer while nobody writes")

    /// Takes in what the worker posts until a check is scheduled (the write's event came).
    func awaitFileCheck() {
      for _ in 0..<50 where scheduler.pendingCount == 0 {
        _ = woken.wait(timeout: .now() + 0.2)
        _ = app.tick()
      }
    }
    let other = try SQLiteAdaptor(path: path).openChannel()
    defer { other.close() }
    _ = try other.execute(SQLStatement("UPDATE note SET body = 'after' WHERE id = 1"))
    awaitFileCheck()
    #expect(scheduler.pendingCount == 1, "the write scheduled a check")
    #expect(run(&app, width: 60, height: 8).contains("before"), "not before the check")
    scheduler.advance(by: .milliseconds(30))
    let followed = run(&app, width: 60, height: 8)
    #expect(followed.contains("after"), "\(followed)")
    scheduler.advance(by: .milliseconds(300))
    _ = run(&app, width: 60, height: 8)
    let quiet = log.recent().count
    scheduler.advance(by: .seconds(60))
    _ = run(&app, width: 60, height: 8)
    #expect(scheduler.pendingCount == 0 && log.recent().count == quiet, "idle: no timer, no statement")

    scheduler.advance(by: .seconds(300))
    _ = try other.execute(SQLStatement("UPDATE note SET body = 'unseen' WHERE id = 1"))
    awaitFileCheck()
    scheduler.advance(by: .seconds(1))
    #expect(run(&app, width: 60, height: 8).contains("after"), "five minutes without a key: no more checks")
  }
}
