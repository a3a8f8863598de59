import Access
import DirectToTerminal
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor
import TestSupport
import Theming

/// A writable database for the console tests, on SQLite, PostgreSQL or MariaDB: `big(id, name)` with
/// 1,000,000 rows (`name` is `name <id>`), and `account(id, owner, balance)` with 3 rows.
enum ConsoleDatabase: String, CaseIterable, CustomStringConvertible, Sendable {
  case sqlite
  case postgres
  case mariadb

  var description: String { rawValue }

  static let rowCount = 1_000_000

  private static let sqliteBase: Result<String, any Error> = Result {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("console-base.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
      INSERT INTO big (id, name) SELECT i, 'name ' || i FROM n;
      """)
    return path
  }

  private static let postgresURL: Result<String, any Error> = Result {
    let url = try PostgresDemo.createDatabase(prefix: "d2t_console")
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE big (id integer PRIMARY KEY, name text NOT NULL);
      INSERT INTO big SELECT i, 'name ' || i FROM generate_series(1, \(rowCount)) AS i;
      ANALYZE big;
      """)
    return url
  }

  private static let mariadbURL: Result<String, any Error> = Result {
    let url = try ScratchMariaDB.create(prefix: "d2t_console")
    let channel = try MySQLAdaptor(url: url).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE big (id integer PRIMARY KEY, name text NOT NULL);
      SET SESSION max_recursive_iterations = \(rowCount + 1);
      INSERT INTO big WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
        SELECT i, CONCAT('name ', i) FROM n;
      ANALYZE TABLE big;
      """)
    return url
  }

  /// A fresh `account` table (each test changes it) next to the shared `big`.
  func adaptor(readOnly: Bool = false, log: SQLLog = SQLLog()) throws -> any Adaptor {
    switch self {
    case .sqlite:
      let path = try TestDatabases.scratchDirectory().appendingPathComponent("console.sqlite3").path
      try FileManager.default.copyItem(atPath: try Self.sqliteBase.get(), toPath: path)
      try resetAccounts(SQLiteAdaptor(path: path))
      return SQLiteAdaptor(path: path, readOnly: readOnly, log: log)
    case .postgres:
      let url = try Self.postgresURL.get()
      try resetAccounts(PostgreSQLAdaptor(connectionString: url))
      return PostgreSQLAdaptor(connectionString: url, readOnly: readOnly, log: log)
    case .mariadb:
      let url = try Self.mariadbURL.get()
      try resetAccounts(MySQLAdaptor(url: url))
      return MySQLAdaptor(url: url, readOnly: readOnly, log: log)
    }
  }

  /// Tests run in parallel and share the PostgreSQL database: one reset at a time, so two
  /// `CREATE TABLE account` never race (PostgreSQL then fails on its catalog's unique index).
  private static let resetLock = NSLock()

  private func resetAccounts(_ adaptor: any Adaptor) throws {
    Self.resetLock.lock()
    defer { Self.resetLock.unlock() }
    let channel = try adaptor.openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      DROP TABLE IF EXISTS account;
      CREATE TABLE account (id integer PRIMARY KEY, owner text NOT NULL, balance integer NOT NULL);
      INSERT INTO account VALUES (1, 'ann', 10), (2, 'bob', 20), (3, 'cy', 30);
      DROP TABLE IF EXISTS staff;
      CREATE TABLE staff (id integer PRIMARY KEY, name text NOT NULL, password text);
      INSERT INTO staff VALUES (1, 'ann', 's3cret');
      """)
  }

  /// An identifier as the console's SQL quotes it here (`"b"`, or `` `b` `` on MariaDB).
  func quoted(_ name: String) -> String {
    self == .mariadb ? "`\(name)`" : "\"\(name)\""
  }

  /// A headless app on the database, with the console's tables.
  func app(readOnly: Bool = false) throws -> (D2TApp, any Adaptor) {
    let adaptor = try self.adaptor(readOnly: readOnly)
    let database = try Database(adaptor: adaptor)
    let app = D2TApp(
      D2TConfiguration(
        database: database, countDatabase: try Database(adaptor: adaptor, model: database.model),
        ruleFiles: [], theme: .builtinDefault, readOnly: readOnly, title: "Console"))
    return (app, adaptor)
  }

  /// A balance read on a connection of its own.
  static func balance(of id: Int, in adaptor: any Adaptor) throws -> Int64? {
    let channel = try adaptor.openChannel()
    defer { channel.close() }
    return try channel.query(SQLStatement("SELECT balance FROM account WHERE id = \(id)")).first?[0].int64Value
  }
}
