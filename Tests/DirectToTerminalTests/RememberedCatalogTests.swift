import Access
@testable import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import Synchronization
import SQLiteAdaptor
import Testing
import TerminalCore
import TestSupport
import Theming

/// Issue 28 item 2: a start that recalls the catalog of an earlier start draws its first
/// screen from it; input waits until the pages' connection has read the catalog again,
/// then goes on as typed — in the same app when the catalog is the same, in an app started
/// again on the new model when it changed.
@Suite struct RememberedCatalogTests {
  /// A database of two tables, its catalog remembered by a first start.
  func remembered(_ script: String = "") throws -> (path: String, memory: KeptCatalog) {
    let path = NSTemporaryDirectory() + "d2t-remembered-\(UUID().uuidString).sqlite"
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript(
      """
      CREATE TABLE alpha (id INTEGER PRIMARY KEY, word TEXT);
      CREATE TABLE beta (id INTEGER PRIMARY KEY, word TEXT);
      INSERT INTO alpha VALUES (1, 'apple'); INSERT INTO beta VALUES (1, 'banana');
      """)
    channel.close()
    let memory = KeptCatalog()
    let (first, counts) = try Database.opening(
      SQLiteAdaptor(path: path), withSecond: SQLiteAdaptor(path: path), memory: memory)
    first.close()
    try counts.database().close()
    if !script.isEmpty {
      let change = try SQLiteAdaptor(path: path).openChannel()
      try change.executeScript(script)
      change.close()
    }
    return (path, memory)
  }

  /// An app on the database opened again with `memory`, its catalog check held back until
  /// `release` is called: its pages' connection is busy meanwhile.
  func heldApp(path: String, memory: KeptCatalog) throws -> (D2TApp, release: () -> Void) {
    let (database, counts) = try Database.opening(
      SQLiteAdaptor(path: path), withSecond: SQLiteAdaptor(path: path), memory: memory)
    #expect(database.hasUncheckedCatalog)
    let release = occupy(database)
    var configuration = D2TConfiguration(database: database, ruleFiles: [], theme: .builtinDefault, title: nil)
    configuration.countDatabaseOpening = counts
    var app = D2TApp(configuration)
    app.setScreenSize(Size(width: 100, height: 20))
    return (app, release)
  }

  func type(_ keys: String, into app: inout D2TApp) {
    for case .key(let key) in D2TRunner.script(keys) { _ = app.update(.key(key)) }
  }

  @Test func inputWaitsForTheCheckAndGoesOnInTheSameApp() throws {
    let (path, memory) = try remembered()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var (app, release) = try heldApp(path: path, memory: memory)
    type("Down Enter", into: &app)
    #expect(app.state.heldInput.count == 2, "keys wait while the catalog is read again")
    #expect(app.state.stack.count == 1, "nothing opened yet")
    release()
    let screen = run(&app, width: 100, height: 20)
    #expect(app.state.heldInput.isEmpty)
    #expect(app.state.catalogCheck == .none)
    #expect(screen.contains("banana"), "Down Enter opened Beta once the check was in:\n\(screen)")
    #expect(memory.remembered.count == 1, "the same catalog: nothing new kept")
  }

  @Test func aChangedCatalogStartsTheAppAgainOnTheNewModelAndTheInputGoesThere() throws {
    let (path, memory) = try remembered(
      "CREATE TABLE gamma (id INTEGER PRIMARY KEY, word TEXT); INSERT INTO gamma VALUES (1, 'grape');")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var (app, release) = try heldApp(path: path, memory: memory)
    #expect(app.session().entity(named: "Gamma") == nil, "the first screen is the remembered catalog's")
    type("Down Down Enter", into: &app)
    #expect(app.state.heldInput.count == 3)
    release()
    let screen = run(&app, width: 100, height: 20)
    #expect(app.session().entity(named: "Gamma") != nil, "the app started again on the new model")
    #expect(screen.contains("grape"), "Down Down Enter went to the new list's third table:\n\(screen)")
    #expect(memory.remembered.count == 2, "the new catalog is kept for the next start")
  }

  /// `q` quits while input waits for the check (nothing can be unsaved yet).
  @Test func qQuitsWhileTheCheckWaits() throws {
    let (path, memory) = try remembered()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var (app, release) = try heldApp(path: path, memory: memory)
    defer { release() }
    type("q", into: &app)
    #expect(app.wantsToQuit)
    #expect(app.state.heldInput.isEmpty)
  }
}

/// The check on a real PostgreSQL server whose backend is terminated before the check
/// reads the catalog: the check finds the connection lost, input waits while the worker
/// reconnects, the check runs again on the new connection and the held keys go on.
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct RememberedCatalogReconnectTests {
  @Test func aCheckThatFindsTheConnectionLostRunsAgainOnceItIsBack() throws {
    let url = try ScratchPostgres.create(prefix: "d2t_recall")
    defer { ScratchPostgres.drop(url) }
    let admin = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { admin.close() }
    try admin.executeScript(
      """
      CREATE TABLE alpha (id integer PRIMARY KEY, word text); INSERT INTO alpha VALUES (1, 'apple');
      CREATE TABLE beta (id integer PRIMARY KEY, word text); INSERT INTO beta VALUES (1, 'banana');
      """)
    let memory = KeptCatalog()
    func open() throws -> (Database, PendingDatabase) {
      try Database.opening(
        PostgreSQLAdaptor(connectionString: url), withSecond: PostgreSQLAdaptor(connectionString: url, readOnly: true),
        memory: memory)
    }
    let (first, firstCounts) = try open()
    first.close()
    try firstCounts.database().close()

    let (database, counts) = try open()
    let backend = Mutex<Int64?>(nil)
    let release = occupy(database) { channel in
      let pid = try? channel.query(SQLStatement("SELECT pg_backend_pid()::int8 AS pid")).first?["pid"]?.int64Value
      backend.withLock { $0 = pid }
    }
    var configuration = D2TConfiguration(database: database, ruleFiles: [], theme: .builtinDefault, title: nil)
    configuration.countDatabaseOpening = counts
    var app = D2TApp(configuration)
    app.setScreenSize(Size(width: 100, height: 20))
    for case .key(let key) in D2TRunner.script("Down Enter") { _ = app.update(.key(key)) }
    let pid = try #require(backend.withLock { $0 })
    _ = try admin.query(SQLStatement("SELECT pg_terminate_backend(\(pid))"))
    release()
    var screen = run(&app, width: 100, height: 20)
    for _ in 0..<150 where !screen.contains("banana") {
      screen = run(&app, "sleep:100", width: 100, height: 20)
    }
    #expect(screen.contains("banana"), "the held keys went on after the check ran again:\n\(screen)")
    #expect(app.state.catalogCheck == .none)
    #expect(!database.hasUncheckedCatalog)
    let now = try database.withChannel { try $0.query(SQLStatement("SELECT pg_backend_pid()::int8 AS pid")) }
    #expect(now.first?["pid"]?.int64Value != pid, "the check ran on the new connection")
    app.shutDown()
  }
}

/// Keeps catalogs in memory; recalls the last one kept.
final class KeptCatalog: CatalogMemory {
  private let kept = Mutex<[Catalog]>([])

  var remembered: [Catalog] { kept.withLock { $0 } }

  func recall() -> Catalog? { kept.withLock { $0.last } }

  func remember(_ catalog: Catalog) { kept.withLock { $0.append(catalog) } }
}
