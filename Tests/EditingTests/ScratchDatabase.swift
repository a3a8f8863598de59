import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor
import TestSupport

/// A database of a test's own: a file in the temporary folder (SQLite) or a new database on
/// the PostgreSQL or MariaDB test server. The fixtures build their schemas and data in one, and drop it
/// when they close.
enum ScratchDatabase {
  /// Where a new, empty database is (a SQLite path, not created yet, or a PostgreSQL URL).
  static func create(_ backend: EditingFixture.Backend, prefix: String) throws -> String {
    let unique = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    switch backend {
    case .sqlite:
      return NSTemporaryDirectory() + "\(prefix)_\(unique).sqlite3"
    case .postgresql:
      return try ScratchPostgres.create(prefix: prefix)
    case .mariadb:
      return try ScratchMariaDB.create(prefix: prefix)
    }
  }

  /// Runs a script as the owner (creating the SQLite file if it is not there yet).
  static func execute(_ script: String, _ backend: EditingFixture.Backend, at location: String) throws {
    let channel: any AdaptorChannel
    switch backend {
    case .sqlite: channel = try SQLiteAdaptor(path: location, createIfMissing: true).openChannel()
    case .postgresql: channel = try PostgreSQLAdaptor(connectionString: location).openChannel()
    case .mariadb: channel = try MySQLAdaptor(url: location).openChannel()
    }
    defer { channel.close() }
    try channel.executeScript(script)
  }

  /// The adaptor that connects to it.
  static func adaptor(_ backend: EditingFixture.Backend, at location: String, log: SQLLog = SQLLog()) -> any Adaptor {
    switch backend {
    case .sqlite: return SQLiteAdaptor(path: location, log: log)
    case .postgresql: return PostgreSQLAdaptor(connectionString: location, log: log)
    case .mariadb: return MySQLAdaptor(url: location, log: log)
    }
  }

  /// Removes the file, or drops the database (and the roles a test made).
  static func drop(_ backend: EditingFixture.Backend, at location: String, roles: [String] = []) {
    switch backend {
    case .sqlite:
      try? FileManager.default.removeItem(atPath: location)
    case .postgresql:
      ScratchPostgres.drop(location, roles: roles)
    case .mariadb:
      ScratchMariaDB.drop(location)
    }
  }
}
