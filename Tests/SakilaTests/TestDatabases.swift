import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor
import Testing
import TestSupport

/// Throwaway databases for the tests: a SQLite file in a fresh temporary directory, or a
/// PostgreSQL database with a unique name on the server named by `D2T_TEST_POSTGRES_URL`.
enum TestDatabases {
  static let postgresURL = PostgresTests.url
  /// On CI the PostgreSQL tests must run: they fail instead of being skipped.
  static let postgresRequired = PostgresTests.isCI
  static let postgresEnabled = PostgresTests.areOn
  static let mariadbEnabled = MariaDBTests.areOn

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("d2t-sakila-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `body` with a connection to a new, empty PostgreSQL database, dropped afterwards.
  static func withPostgres(_ body: (any AdaptorChannel) throws -> Void) throws {
    let url = try ScratchPostgres.create(prefix: "d2t_sakila")
    defer { ScratchPostgres.drop(url) }
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { channel.close() }
    try body(channel)
  }

  static func withMariaDB(_ body: (any AdaptorChannel) throws -> Void) throws {
    let url = try ScratchMariaDB.create(prefix: "d2t_sakila")
    defer { ScratchMariaDB.drop(url) }
    let channel = try MySQLAdaptor(url: url).openChannel()
    defer { channel.close() }
    try body(channel)
  }

  static func count(_ sql: String, on channel: any AdaptorChannel) throws -> Int {
    Int(try channel.query(SQLStatement(sql)).first?[0].int64Value ?? -1)
  }
}
