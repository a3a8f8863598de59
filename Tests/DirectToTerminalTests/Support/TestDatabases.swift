import Access
import Foundation
import PostgreSQLAdaptor
import SQLiteAdaptor
import Sakila
import TestSupport

/// The databases the app tests run on, each built once per test process in a temporary
/// directory: the Sakila demo (the same generator and seed as `d2t` with no DATABASE) and
/// a 200,000-row table for paging, search, filter and sort.
enum TestDatabases {
  /// The repository checkout.
  static let repositoryRoot = Repository.root

  /// `Rules/sakila.rules` of the checkout.
  static var sakilaRules: String { repositoryRoot.appendingPathComponent("Rules/sakila.rules").path }

  static let directory: Result<URL, any Error> = Result {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("d2t-apptests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { TestDatabases.removeDirectory() }
    return url
  }

  /// Removes the databases and scratch files at process exit.
  private static func removeDirectory() {
    if case .success(let url) = directory { try? FileManager.default.removeItem(at: url) }
  }

  private static let demo: Result<String, any Error> = Result {
    let path = try directory.get().appendingPathComponent("sakila.sqlite3").path
    try SakilaFile.create(at: path, generator: SakilaGenerator(scale: 1, seed: 1), replace: true)
    return path
  }

  /// The Sakila demo as a SQLite file.
  static func demoPath() throws -> String { try demo.get() }

  static let largeRowCount = 200_000

  private static let large: Result<String, any Error> = Result {
    let path = try directory.get().appendingPathComponent("large.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE item (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        price NUMERIC(8,2) NOT NULL,
        color TEXT NOT NULL
      );
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(largeRowCount))
      INSERT INTO item (id, name, price, color)
      SELECT i, 'item ' || i, (i % 1000) / 10.0,
        CASE i % 4 WHEN 0 THEN 'red' WHEN 1 THEN 'green' WHEN 2 THEN 'blue' ELSE 'amber' END
      FROM n;
      CREATE INDEX item_name ON item (name);
      CREATE INDEX item_price ON item (price);
      """)
    return path
  }

  /// One table `item(id, name, price, color)` with ids 1…200,000: `name` is `item <id>`,
  /// `price` is `(id % 1000) / 10`, `color` cycles green, blue, amber, red.
  static func largePath() throws -> String { try large.get() }

  /// Opens a SQLite file as a `Database` logging into `log`.
  static func open(_ path: String, log: SQLLog) throws -> Database {
    try Database(adaptor: SQLiteAdaptor(path: path, readOnly: true, log: log))
  }

  /// A scratch directory of its own for one test (rule files).
  static func scratchDirectory() throws -> URL {
    let url = try directory.get().appendingPathComponent(UUID().uuidString.prefix(8).lowercased())
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// A fresh PostgreSQL database on the server of `D2T_TEST_POSTGRES_URL` with the Sakila
/// demo loaded, once per test process; the tests skip it when no server is configured,
/// except on CI (`CI=true`), where they must run.
enum PostgresDemo {
  static let serverURL = PostgresTests.url
  static let required = PostgresTests.isCI
  static let enabled = PostgresTests.areOn

  private static let database: Result<String, any Error> = Result {
    let databaseURL = try createDatabase(prefix: "d2t_apptests")
    let channel = try PostgreSQLAdaptor(connectionString: databaseURL).openChannel()
    defer { channel.close() }
    try SakilaLoader(generator: SakilaGenerator(scale: 1, seed: 1)).load(into: channel)
    try channel.executeScript("ANALYZE")
    atexit { PostgresDemo.drop() }
    return databaseURL
  }

  /// A new, empty database on the test server, named `<prefix>_<pid>_<random>`; its URL.
  static func createDatabase(prefix: String) throws -> String {
    try ScratchPostgres.create(prefix: prefix)
  }

  /// Drops the database at process exit.
  private static func drop() {
    if case .success(let databaseURL) = database { ScratchPostgres.drop(databaseURL) }
  }

  /// The URL of the loaded database.
  static func url() throws -> String { try database.get() }

  static func open(log: SQLLog) throws -> Database {
    try Database(adaptor: PostgreSQLAdaptor(connectionString: try url(), log: log))
  }
}

/// A PostgreSQL database with one 1,000,000-row table `item(id, name, price, color)` (the
/// SQLite large table's shape), made once per test process with `generate_series`.
enum PostgresLarge {
  static let rowCount = 1_000_000

  private static let database: Result<String, any Error> = Result {
    let databaseURL = try PostgresDemo.createDatabase(prefix: "d2t_large")
    let channel = try PostgreSQLAdaptor(connectionString: databaseURL).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE item (id integer PRIMARY KEY, name text NOT NULL, price numeric(8,2) NOT NULL,
        color text NOT NULL);
      INSERT INTO item SELECT i, 'item ' || i, (i % 1000) / 10.0,
        (ARRAY['red', 'green', 'blue', 'amber'])[i % 4 + 1] FROM generate_series(1, \(rowCount)) AS i;
      ANALYZE item;
      """)
    atexit { PostgresLarge.drop() }
    return databaseURL
  }

  private static func drop() {
    if case .success(let databaseURL) = database { ScratchPostgres.drop(databaseURL) }
  }

  static func open(log: SQLLog) throws -> Database {
    try Database(adaptor: PostgreSQLAdaptor(connectionString: try database.get(), log: log))
  }
}
