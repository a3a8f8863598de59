import Access
import Foundation
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

  /// A new, empty PostgreSQL database; returns its URL.
  static func createPostgresDatabase() throws -> String {
    guard let url = postgresURL else { throw Unavailable() }
    let name = "d2t_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let admin = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { admin.close() }
    try admin.executeScript("CREATE DATABASE \(name)")
    return replacingDatabase(in: url, with: name)
  }

  /// Drops a database made by `createPostgresDatabase`.
  static func dropPostgresDatabase(_ url: String) {
    guard let admin = postgresURL, let name = url.split(separator: "/").last else { return }
    guard let channel = try? PostgreSQLAdaptor(connectionString: admin).openChannel() else { return }
    defer { channel.close() }
    try? channel.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }

  static func replacingDatabase(in url: String, with name: String) -> String {
    var components = url.split(separator: "?", maxSplits: 1).map(String.init)
    var base = components[0]
    if let slash = base.range(of: "/", options: .backwards), base[..<slash.lowerBound].hasSuffix("/") == false {
      base = String(base[..<slash.lowerBound])
    }
    components[0] = base + "/" + name
    return components.joined(separator: "?")
  }
}
