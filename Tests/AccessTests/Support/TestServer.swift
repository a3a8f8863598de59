import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor
import TestSupport

/// Where integration tests get their databases: a temporary SQLite file, or a fresh
/// database on the PostgreSQL server named by `D2T_TEST_POSTGRES_URL`.
///
/// Without that variable the PostgreSQL suites are skipped, except under `CI=true`, where
/// they run and fail: CI must never pass without having talked to a real server.
enum TestServer {
  static let postgresURL = PostgresTests.url
  static let isCI = PostgresTests.isCI
  static let runsPostgres = PostgresTests.areOn
  typealias Unavailable = PostgresTests.Unavailable

  /// A new, empty SQLite file.
  static func sqlitePath() -> String {
    NSTemporaryDirectory() + "d2t-test-\(UUID().uuidString).sqlite"
  }

  /// Runs `body` on a new SQLite file made by `script` (its model read), removed afterwards.
  static func withSQLite(_ script: String, _ body: (Database) throws -> Void) throws {
    let path = sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let db = try Database(adaptor: SQLiteAdaptor(path: path, createIfMissing: true))
    defer { db.close() }
    try db.withChannel { try $0.executeScript(script) }
    try db.reloadModel()
    try body(db)
  }

  /// A new, empty PostgreSQL database; returns its URL.
  static func createPostgresDatabase() throws -> String {
    try ScratchPostgres.create(prefix: "d2t_test")
  }

  /// A new, empty database on the MariaDB test server; returns its URL.
  static func createMariaDBDatabase() throws -> String {
    try ScratchMariaDB.create(prefix: "d2t_test")
  }

  /// Drops a database made by `createMariaDBDatabase`.
  static func dropMariaDBDatabase(_ url: String) {
    ScratchMariaDB.drop(url)
  }

  /// Drops a database made by `createPostgresDatabase`.
  static func dropPostgresDatabase(_ url: String) {
    ScratchPostgres.drop(url)
  }
}
