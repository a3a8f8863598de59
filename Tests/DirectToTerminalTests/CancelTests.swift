import Access
import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import TerminalCore
import TestSupport
import Testing

/// Every statement d2t started stops on the server when nobody wants it any more: on Esc,
/// when its page goes away, when a new search replaces it, and at exit. A view whose every
/// row sleeps 10 ms makes `count(*)` run for a quarter of an hour; `pg_stat_activity`, read
/// from a connection of the test's own, must show no active d2t statement within 2 s.
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct CancelTests {
  /// A database of the test's own with the view `slow` (100,000 rows, 10 ms each).
  struct SlowDatabase {
    let url: String
    let name: String

    init() throws {
      url = try PostgresDemo.createDatabase(prefix: "d2t_cancel")
      name = String(URLComponents(string: url)?.path.dropFirst() ?? "")
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      defer { channel.close() }
      try channel.executeScript(
        """
        CREATE TABLE n (id integer PRIMARY KEY, name text NOT NULL);
        INSERT INTO n SELECT i, 'row ' || i FROM generate_series(1, 100000) AS i;
        CREATE FUNCTION slow_row(integer) RETURNS boolean LANGUAGE plpgsql VOLATILE
          AS $$ BEGIN PERFORM pg_sleep(0.01); RETURN true; END $$;
        CREATE VIEW slow AS SELECT id, name FROM n WHERE slow_row(id);
        ANALYZE n;
        """)
    }

    func drop() {
      guard let server = PostgresDemo.serverURL,
        let admin = try? PostgreSQLAdaptor(connectionString: server).openChannel()
      else { return }
      try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
      admin.close()
    }

    /// An app on the database, connected to `url` (the database's, or a relay's to it).
    func app(through url: String? = nil) throws -> D2TApp {
      let url = url ?? self.url
      let log = SQLLog()
      let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: url, log: log))
      let counter = try Database(
        adaptor: PostgreSQLAdaptor(connectionString: url, readOnly: true, log: log), model: database.model)
      var app = D2TApp(D2TConfiguration(database: database, countDatabase: counter, title: "Slow"))
      app.setScreenSize(Size(width: 100, height: 20))
      return app
    }

    /// The SQL of the statements d2t runs on this database right now.
    func activeStatements() throws -> [String] {
      guard let server = PostgresDemo.serverURL else { throw TestSetupError("no server") }
      let admin = try PostgreSQLAdaptor(connectionString: server).openChannel()
      defer { admin.close() }
      return try admin.query(
        SQLStatement(
          """
          SELECT query FROM pg_stat_activity
          WHERE datname = '\(name)' AND application_name = 'd2t' AND state = 'active'
            AND pid <> pg_backend_pid()
          """)
      ).compactMap { $0["query"]?.stringValue }
    }

    /// Polls until `done` holds for the active statements (at most `seconds`); the last seen.
    func wait(seconds: Double, until done: ([String]) -> Bool) throws -> [String] {
      let end = Date().addingTimeInterval(seconds)
      var statements = try activeStatements()
      while !done(statements), Date() < end {
        Thread.sleep(forTimeInterval: 0.1)
        statements = try activeStatements()
      }
      return statements
    }
  }

  /// Keys fed straight to the app, without waiting for its database work (which would take
  /// a quarter of an hour here).
  static func press(_ app: inout D2TApp, _ keys: String) {
    for step in D2TRunner.script(keys) {
      if case .key(let key) = step { _ = app.update(.key(key)) }
    }
  }

  /// Opens the slow view's list and waits until its first rows are there (50 rows, half a
  /// second) while its count runs on the server.
  static func openSlowList(_ database: SlowDatabase, through url: String? = nil) throws -> D2TApp {
    var app = try database.app(through: url)
    press(&app, "Down Enter")
    let running = try database.wait(seconds: 5) { $0.count == 1 && $0[0].contains("count(") }
    #expect(running.count == 1 && running[0].contains("count("), "only the count should run: \(running)")
    Thread.sleep(forTimeInterval: 0.2)
    app.tick()
    return app
  }

  @Test func escWhileLoadingCancelsTheFetchAndTheCount() throws {
    let database = try SlowDatabase()
    defer { database.drop() }
    var app = try database.app()
    // Esc right after Enter: the cancel may reach the server before the statements do.
    Self.press(&app, "Down Enter Escape")
    Thread.sleep(forTimeInterval: 0.5)
    let left = try database.wait(seconds: 2) { $0.isEmpty }
    #expect(left.isEmpty, "still running after Esc: \(left)")
    app.shutDown()
  }

  @Test func leavingThePageCancelsItsCount() throws {
    let database = try SlowDatabase()
    defer { database.drop() }
    var app = try Self.openSlowList(database)
    Self.press(&app, "BSpace")
    let left = try database.wait(seconds: 2) { $0.isEmpty }
    #expect(left.isEmpty, "still running after leaving the page: \(left)")
    app.shutDown()
  }

  @Test func aNewSearchCancelsThePreviousCount() throws {
    let database = try SlowDatabase()
    defer { database.drop() }
    var app = try Self.openSlowList(database)
    Self.press(&app, "/ r o w Enter")
    let counts = try database.wait(seconds: 2) { statements in
      let counts = statements.filter { $0.contains("count(") }
      return counts.count == 1 && counts[0].lowercased().contains("like")
    }.filter { $0.contains("count(") }
    #expect(
      counts.count == 1 && counts[0].lowercased().contains("like"),
      "only the search's count should run: \(counts)")
    app.shutDown()
  }

  @Test func quittingCancelsEverything() throws {
    let database = try SlowDatabase()
    defer { database.drop() }
    var app = try Self.openSlowList(database)
    #expect(app.update(.key(.char("q"))) == .quit)
    app.shutDown()
    let left = try database.wait(seconds: 2) { $0.isEmpty }
    #expect(left.isEmpty, "still running after quitting: \(left)")
  }

  /// A cancel opens a connection of its own to the server (`PQcancel`). Quitting over a
  /// network that does not answer — the relay between d2t and the server stopped while the
  /// count runs — returns at once rather than when the network answers, and the count stops
  /// on the server once it does.
  @Test func quittingOverAStalledNetworkReturnsAtOnceAndTheCountStopsOnceItAnswers() throws {
    let database = try SlowDatabase()
    defer { database.drop() }
    let relay = try TCPRelay(to: database.url)
    defer { relay.end() }
    var app = try Self.openSlowList(database, through: relay.url)
    relay.stop()
    let waited = waitedForTheNetwork(relay) {
      #expect(app.update(.key(.char("q"))) == .quit)
      app.shutDown()
    }
    #expect(!waited, "quitting waited for the network")
    relay.resume()
    let left = try database.wait(seconds: 3) { $0.isEmpty }
    #expect(left.isEmpty, "still running once the network answered: \(left)")
  }

  /// d2t killed outright (no chance to cancel): the server notices within a second or two
  /// that the client is gone (`client_connection_check_interval`) and stops the count.
  @Test func aKilledD2TLeavesNoStatementRunning() throws {
    let d2t = try #require(ProcessRunner.d2tPath, "d2t is not built")
    let database = try SlowDatabase()
    defer { database.drop() }
    let home = try TestDatabases.scratchDirectory().path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: d2t)
    process.arguments = ["--headless", database.url, "--keys", "Down Enter"]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home, "XDG_DATA_HOME": home]) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    let running = try database.wait(seconds: 10) { $0.contains { $0.contains("count(") } }
    #expect(running.contains { $0.contains("count(") }, "the count should be running: \(running)")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = try database.wait(seconds: 3) { $0.isEmpty }
    #expect(left.isEmpty, "still running after d2t was killed: \(left)")
  }
}
