import Access
import Foundation
import Synchronization
import PostgreSQLAdaptor
import SQLiteAdaptor
import Testing

@Suite struct SQLiteConnectionTests {
  @Test func aMissingFileIsAnErrorAndIsNotCreated() {
    let path = TestServer.sqlitePath()
    #expect(throws: DatabaseError(.connection, "SQLite database not found: \(path)")) {
      try SQLiteAdaptor(path: path).openChannel()
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aFileThatIsNotADatabaseSaysSo() throws {
    let path = TestServer.sqlitePath()
    try Data("hello, not a database at all, but long enough to look like a header".utf8)
      .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      _ = try SQLiteAdaptor(path: path).openChannel()
      Issue.record("opened a text file")
    } catch let error as DatabaseError {
      #expect(error.kind == .connection)
      #expect(error.message.hasPrefix("cannot open SQLite database \(path): "))
      #expect(error.message.contains("not a"))
    }
  }

  /// The connection for counts keeps a small page cache (it only scans): 2 MB of a
  /// million-row count otherwise (issue 28 item 3).
  @Test func aGivenPageCacheIsTheConnections() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    let small = try SQLiteAdaptor(path: path, readOnly: true, pageCacheKilobytes: 256).openChannel()
    #expect(try small.query(SQLStatement("PRAGMA cache_size")).first?.values.first?.int64Value == -256)
    let usual = try SQLiteAdaptor(path: path).openChannel()
    #expect(try usual.query(SQLStatement("PRAGMA cache_size")).first?.values.first?.int64Value == -2000)
  }

  /// `Database.opening` opens a second connection meanwhile, sharing the first's model;
  /// a first that fails closes the second and throws the first's error.
  @Test func openingWithASecondConnectionSharesTheModel() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
    let reached = Mutex<[String]>([])
    let (first, pending) = try Database.opening(
      SQLiteAdaptor(path: path), withSecond: SQLiteAdaptor(path: path, readOnly: true)
    ) { phase in reached.withLock { $0.append(phase) } }
    let second = try pending.database()
    let phases = reached.withLock { $0 }.filter { $0 != "second connection" }
    #expect(phases == ["connected", "catalog read", "model built"])
    #expect(first !== second)
    #expect(pending.opened === second)
    #expect(second.model == first.model)
    #expect(second.model.entities.map(\.name) == ["Note"])
    #expect(first.readOnlyReason == nil)
    #expect(second.adaptor.connectionID == first.adaptor.connectionID)
    let missing = TestServer.sqlitePath()
    #expect(throws: DatabaseError(.connection, "SQLite database not found: \(missing)")) {
      try Database.opening(SQLiteAdaptor(path: missing), withSecond: SQLiteAdaptor(path: path))
    }
  }

  /// The start does not wait for the second connection: `opening` returns with the first
  /// while the second's handshake is still under way, and the second is there once it is
  /// in (here held back until the first has run a page).
  @Test func openingReturnsBeforeTheSecondConnectionIsIn() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'a')")
    let gate = DispatchSemaphore(value: 0)
    let (first, pending) = try Database.opening(
      SQLiteAdaptor(path: path), withSecond: GatedAdaptor(base: SQLiteAdaptor(path: path, readOnly: true), gate: gate))
    #expect(pending.opened == nil, "the second connection is still opening")
    #expect(try first.fetch(FetchSpecification(entityName: "Note")).rows.count == 1)
    gate.signal()
    let second = try pending.database()
    #expect(try second.count(FetchSpecification(entityName: "Note")) == 1)
    #expect(second.model == first.model)
  }

  /// The second connection begins when asked (the app asks after its first frame) or when
  /// first needed, never during the start; one closed before it began is never opened.
  @Test func theSecondConnectionBeginsWhenAsked() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY)")
    let second = CountingAdaptor(base: SQLiteAdaptor(path: path, readOnly: true))
    let (first, pending) = try Database.opening(SQLiteAdaptor(path: path), withSecond: second)
    defer { first.close() }
    #expect(second.opens == 0, "not begun by the start")
    pending.begin()
    let database = try pending.database()
    #expect(second.opens == 1)
    pending.begin()
    #expect(try pending.database() === database && second.opens == 1, "begun once")

    let unused = CountingAdaptor(base: SQLiteAdaptor(path: path, readOnly: true))
    let (other, never) = try Database.opening(SQLiteAdaptor(path: path), withSecond: unused)
    never.close()
    never.begin()
    other.close()
    #expect(unused.opens == 0, "closed before it began: never opened")
    #expect(throws: FetchError.self) { try never.database() }
  }

  /// A second connection that cannot open says why when it is asked for, not at the start.
  @Test func aSecondConnectionThatFailsThrowsWhenAskedFor() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY)")
    let missing = TestServer.sqlitePath()
    let (first, pending) = try Database.opening(SQLiteAdaptor(path: path), withSecond: SQLiteAdaptor(path: missing))
    #expect(first.model.entities.map(\.name) == ["Note"])
    #expect(throws: DatabaseError(.connection, "SQLite database not found: \(missing)")) { try pending.database() }
    #expect(pending.opened == nil)
  }

  @Test func readOnlyRefusesWrites() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    let channel = try SQLiteAdaptor(path: path, readOnly: true).openChannel()
    do {
      try channel.execute(SQLStatement("INSERT INTO t (id) VALUES (1)"))
      Issue.record("a read-only connection wrote")
    } catch let error as DatabaseError {
      #expect(error.kind == .permission)
    }
  }
}

@Suite(.serialized, .enabled(if: TestServer.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct PostgreSQLConnectionTests {
  func url() throws -> URLComponents {
    guard let text = TestServer.postgresURL, let url = URLComponents(string: text) else {
      throw TestServer.Unavailable()
    }
    return url
  }

  /// Issue 27 item 4: a session whose transactions are read-only by default says so from
  /// the start (from the parameters the server reports, no extra round trip); one d2t opened
  /// read-only itself says nothing (`--read-only` is its own reason).
  @Test func aReadOnlyDefaultIsNoticedAtConnection() throws {
    var url = try url()
    url.queryItems =
      (url.queryItems ?? []) + [URLQueryItem(name: "options", value: "-c default_transaction_read_only=on")]
    let text = try #require(url.string)
    let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: text))
    defer { database.close() }
    #expect(database.readOnlyReason == "the server's default_transaction_read_only is on")
    let chosen = try Database(adaptor: PostgreSQLAdaptor(connectionString: text, readOnly: true))
    defer { chosen.close() }
    #expect(chosen.readOnlyReason == nil)
    let writable = try Database(adaptor: PostgreSQLAdaptor(connectionString: try #require(try self.url().string)))
    defer { writable.close() }
    #expect(writable.readOnlyReason == nil)
  }

  @Test func aWrongPasswordIsOneLineWithoutThePassword() throws {
    var url = try url()
    url.password = "not-the-password"
    let text = try #require(url.string)
    do {
      _ = try PostgreSQLAdaptor(connectionString: text).openChannel()
      Issue.record("a wrong password was accepted")
    } catch let error as DatabaseError {
      #expect(error.kind == .authentication)
      #expect(
        error.message == """
          PostgreSQL at \(url.host ?? ""):\(url.port ?? 0) (database "postgres", user "postgres") \
          refused the login: password authentication failed for user "postgres"
          """)
      #expect(!error.message.contains("not-the-password"))
    }
  }

  @Test func aWrongPasswordFromThePasswordFileKeepsLibpqsHint() throws {
    var url = try url()
    url.password = nil
    let passfile = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-pgpass-\(UUID())")
    try "\(url.host ?? ""):\(url.port ?? 5432):*:postgres:not-the-password\n".write(
      to: passfile, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passfile.path)
    defer { try? FileManager.default.removeItem(at: passfile) }
    var keywords = "host=\(url.host ?? "") port=\(url.port ?? 5432) dbname=postgres user=postgres"
    keywords += " passfile='\(passfile.path)'"
    do {
      _ = try PostgreSQLAdaptor(connectionString: keywords).openChannel()
      Issue.record("a wrong password from the password file was accepted")
    } catch let error as DatabaseError {
      #expect(error.kind == .authentication)
      #expect(
        error.message.hasSuffix(
          #"password authentication failed for user "postgres" (password retrieved from file "\#(passfile.path)")"#),
        "\(error.message)")
      #expect(!error.message.contains("not-the-password"))
    }
  }

  @Test func anUnknownDatabaseIsNamed() throws {
    var url = try url()
    url.path = "/no_such_database"
    do {
      _ = try PostgreSQLAdaptor(connectionString: try #require(url.string)).openChannel()
      Issue.record("connected to a database that does not exist")
    } catch let error as DatabaseError {
      #expect(error.kind == .connection)
      #expect(error.message.hasSuffix(#"database "no_such_database" does not exist"#))
      #expect(!error.message.contains("\n"))
    }
  }

  @Test func anUnreachableServerIsNamed() throws {
    do {
      _ = try PostgreSQLAdaptor(connectionString: "host=127.0.0.1 port=1 dbname=x user=u connect_timeout=2")
        .openChannel()
      Issue.record("connected to port 1")
    } catch let error as DatabaseError {
      #expect(
        error.message
          == #"cannot connect to PostgreSQL at 127.0.0.1:1 (database "x", user "u"): Connection refused"#)
    }
  }

  @Test func libpqKeywordStringsAndEnvironmentWork() throws {
    let url = try url()
    let keywords = "host=\(url.host ?? "") port=\(url.port ?? 5432) dbname=postgres user=postgres"
    setenv("PGPASSWORD", url.password ?? "", 1)
    defer { unsetenv("PGPASSWORD") }
    let channel = try PostgreSQLAdaptor(connectionString: keywords).openChannel()
    defer { channel.close() }
    #expect(try channel.query(SQLStatement("SELECT 1 + $1 AS two", [.integer(1)])).first?["two"] == .integer(2))
    #expect(
      PostgreSQLAdaptor(connectionString: keywords).displayName
        == "PostgreSQL postgres@\(url.host ?? ""):\(url.port ?? 5432)/postgres")
  }
}

@Suite struct SQLLogTests {
  @Test func passwordsAreRedactedAndEveryStatementIsKept() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = SQLLog(capacity: 3)
    let setup = try SQLiteAdaptor(path: path, createIfMissing: true, log: log).openChannel()
    try setup.executeScript("CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, username TEXT, password TEXT)")
    setup.close()
    let db = try Database(adaptor: SQLiteAdaptor(path: path, log: log))
    try db.apply([.insert(entity: "Staff", values: ["username": .text("Mike"), "password": .text("s3cret")])])
    let insert = try #require(log.recent().last { $0.sql.hasPrefix("INSERT") })
    #expect(insert.bindings == ["<redacted>", "'Mike'"])
    #expect(log.recent().count == 3, "only the last `capacity` statements are kept")
    #expect(!log.recent().contains { $0.bindings.contains("'s3cret'") })
  }

  /// An entry keeps its first 20 parameters and counts the rest, so that 300 follow checks
  /// binding the keys of a screenful of rows do not grow a long session (issue 28 item 3).
  @Test func anEntryKeepsTwentyParameters() {
    let log = SQLLog(capacity: 2)
    let keys = (1...50).map { DatabaseValue.integer(Int64($0)) }
    log.record(SQLStatement("SELECT 1 WHERE 1 IN (...)", keys), duration: .milliseconds(1))
    let entry = log.recent()[0]
    #expect(entry.bindings.count == 21)
    #expect(entry.bindings.prefix(2) == ["1", "2"])
    #expect(entry.bindings.last == "… 30 more")
    log.record(SQLStatement("SELECT 2", Array(keys.prefix(20))), duration: .milliseconds(1))
    #expect(log.recent()[1].bindings.count == 20)
  }
}

/// An adaptor whose connections open only once `gate` is signalled.
/// Counts the connections it opens.
private final class CountingAdaptor: Adaptor, @unchecked Sendable {
  let base: SQLiteAdaptor
  private let count = Mutex(0)
  init(base: SQLiteAdaptor) { self.base = base }

  var opens: Int { count.withLock { $0 } }
  var dialect: SQLDialect { base.dialect }
  var displayName: String { base.displayName }
  var connectionID: String { base.connectionID }
  var log: SQLLog { base.log }

  func openChannel() throws -> any AdaptorChannel {
    count.withLock { $0 += 1 }
    return try base.openChannel()
  }
}

private struct GatedAdaptor: Adaptor {
  let base: SQLiteAdaptor
  let gate: DispatchSemaphore

  var dialect: SQLDialect { base.dialect }
  var displayName: String { base.displayName }
  var connectionID: String { base.connectionID }
  var log: SQLLog { base.log }

  func openChannel() throws -> any AdaptorChannel {
    gate.wait()
    return try base.openChannel()
  }
}

/// A role allowed one connection (`CONNECTION LIMIT 1`, a pooler's single slot) opens d2t:
/// the counts' second connection is refused, and the start no longer fails with it.
@Suite(.serialized, .enabled(if: TestServer.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct OneConnectionRoleTests {
  @Test func aRoleAllowedOneConnectionOpensWithoutTheSecond() throws {
    let url = try TestServer.createPostgresDatabase()
    defer { TestServer.dropPostgresDatabase(url) }
    let role = "d2t_one_\(UInt32.random(in: 0...UInt32.max))"
    let admin = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer {
      try? admin.executeScript("DROP OWNED BY \(role); DROP ROLE IF EXISTS \(role)")
      admin.close()
    }
    try admin.executeScript(
      """
      CREATE TABLE note (id int PRIMARY KEY, body text);
      INSERT INTO note VALUES (1, 'a');
      CREATE ROLE \(role) LOGIN PASSWORD 'one-secret' CONNECTION LIMIT 1;
      GRANT SELECT ON note TO \(role);
      """)
    var components = try #require(URLComponents(string: url))
    components.user = role
    components.password = "one-secret"
    let limited = try #require(components.string)
    let (first, pending) = try Database.opening(
      PostgreSQLAdaptor(connectionString: limited), withSecond: PostgreSQLAdaptor(connectionString: limited))
    defer { first.close() }
    #expect(try first.fetch(FetchSpecification(entityName: "Note")).rows.count == 1)
    #expect(throws: DatabaseError.self, "the second connection is refused") { try pending.database() }
  }
}
