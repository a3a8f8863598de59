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
