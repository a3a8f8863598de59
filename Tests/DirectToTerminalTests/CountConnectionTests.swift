import Access
@testable import DirectToTerminal
import Foundation
import Synchronization
import SQLiteAdaptor
import Testing
import TerminalCore
import Theming

/// The counts' connection may still be opening when the app starts (d2t does not wait for
/// the second handshake before its first frame): counts wait for it, and use the pages'
/// connection when it cannot open.
@Suite struct CountConnectionTests {
  func app(path: String, counts: PendingDatabase, log: SQLLog) throws -> D2TApp {
    var configuration = D2TConfiguration(
      database: try TestDatabases.open(path, log: log), ruleFiles: [], theme: .builtinDefault, title: nil)
    configuration.countDatabaseOpening = counts
    return D2TApp(configuration)
  }

  /// A count of the `item` table's rows.
  func countsItems(_ entry: SQLLog.Entry) -> Bool {
    entry.sql.lowercased().contains("count(") && entry.sql.contains("item")
  }

  /// A count waits for the second connection and runs there once it is in.
  @Test func countsWaitForTheSecondConnection() throws {
    let path = try TestDatabases.largePath()
    let log = SQLLog()
    let opened = Mutex(false)
    let counts = PendingDatabase {
      Thread.sleep(forTimeInterval: 0.2)
      let database = try TestDatabases.open(path, log: SQLLog())
      opened.withLock { $0 = true }
      return database
    }
    var app = try app(path: path, counts: counts, log: log)
    let screen = run(&app)
    #expect(screen.contains("200,000"), "the count is drawn once its connection is in:\n\(screen)")
    #expect(opened.withLock { $0 })
    #expect(!log.recent().contains(where: countsItems), "the pages' connection counted nothing")
  }

  /// The counts' connection begins once the first frame is drawn (or when a count is asked
  /// for earlier, as a SQLite entity list asks): its handshake does not share the two cores
  /// with the first screen. Here a database with nothing to count.
  @Test func theCountsConnectionBeginsAfterTheFirstFrame() throws {
    let path = NSTemporaryDirectory() + "d2t-empty-\(UUID().uuidString).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().close()
    let begun = Mutex(false)
    let counts = PendingDatabase(begin: { begun.withLock { $0 = true } }) {
      try TestDatabases.open(path, log: SQLLog())
    }
    var app = try app(path: path, counts: counts, log: SQLLog())
    app.setScreenSize(Size(width: 120, height: 40))
    var buffer = Buffer(size: Size(width: 120, height: 40))
    app.view(into: &buffer)
    #expect(!begun.withLock { $0 }, "not before the first frame")
    app.firstFrameDrawn()
    #expect(begun.withLock { $0 })
    app.shutDown()
  }

  /// G before the count is in (its connection still opening) goes to the last row, and
  /// stays there when the count arrives.
  @Test func lastRowBeforeTheCountIsIn() throws {
    let path = try TestDatabases.largePath()
    let gate = DispatchSemaphore(value: 0)
    let counts = PendingDatabase {
      gate.wait()
      return try TestDatabases.open(path, log: SQLLog())
    }
    var app = try app(path: path, counts: counts, log: SQLLog())
    let size = Size(width: 120, height: 30)
    app.setScreenSize(size)
    app.firstFrameDrawn()
    func screen() -> Screen {
      var buffer = Buffer(size: size)
      app.setScreenSize(size)
      app.view(into: &buffer)
      return Screen(buffer)
    }
    func tick(until done: (Screen) -> Bool) -> Screen {
      for _ in 0..<500 {
        _ = app.tick()
        let shown = screen()
        if done(shown) { return shown }
        Thread.sleep(forTimeInterval: 0.01)
      }
      return screen()
    }
    for case .key(let key) in D2TRunner.script("Down Enter") { _ = app.update(.key(key)) }
    let rows = tick { $0.contains("item 1 ") }
    #expect(rows.contains("item 1 "), "\(rows)")
    // The last rows' fetch waits behind a statement that holds the pages' connection, and
    // the count comes in first.
    let releasePages = occupy(app.configuration.database)
    for case .key(let key) in D2TRunner.script("G") { _ = app.update(.key(key)) }
    gate.signal()
    let counted = tick { $0.contains("of 200,000") }
    #expect(counted.contains("of 200,000"), "\(counted)")
    releasePages()
    let last = tick { $0.contains("item 200000 ") }
    #expect(last.contains("item 200000 ") && last.contains("200,000 of 200,000"), "G went to the last row:\n\(last)")
    app.shutDown()
  }

  /// G while the list's first rows are still on their way goes to the last row once they
  /// are in (the first rows' answer does not put the cursor back on the first row).
  @Test func lastRowWhileTheFirstRowsLoad() throws {
    let path = try TestDatabases.largePath()
    var app = try app(path: path, counts: PendingDatabase(try TestDatabases.open(path, log: SQLLog())), log: SQLLog())
    let size = Size(width: 120, height: 30)
    app.setScreenSize(size)
    app.firstFrameDrawn()
    app.settle()
    let releasePages = occupy(app.configuration.database)
    for case .key(let key) in D2TRunner.script("Down Enter G") { _ = app.update(.key(key)) }
    releasePages()
    let screen = run(&app, width: 120, height: 30)
    #expect(screen.contains("item 200000 "), "G typed while the first rows loaded:\n\(screen)")
    app.shutDown()
  }

  /// A second connection that cannot open (too many connections, say) leaves the counts to
  /// the pages' connection: the app works as with one connection.
  @Test func countsUseThePagesConnectionWhenTheSecondFails() throws {
    let path = try TestDatabases.largePath()
    let log = SQLLog()
    let counts = PendingDatabase { throw DatabaseError(.connection, "too many connections") }
    var app = try app(path: path, counts: counts, log: log)
    let screen = run(&app)
    #expect(screen.contains("200,000"), "counted on the first connection:\n\(screen)")
    #expect(log.recent().contains(where: countsItems))
  }
}
