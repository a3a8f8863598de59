import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor

/// The DATABASE argument: a PostgreSQL URL or keyword string, a MySQL or MariaDB URL, or a
/// SQLite file.
enum DatabaseArgument: Equatable {
  case postgres(String)
  case mysql(String)
  case sqlite(path: String)

  /// Decides what `text` names, or says why it cannot.
  init(_ text: String) throws {
    let lowered = text.lowercased()
    if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
      self = .postgres(text)
    } else if lowered.hasPrefix("mysql://") || lowered.hasPrefix("mariadb://") {
      self = .mysql(text)
    } else if lowered.hasPrefix("sqlite:") {
      self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
    } else if lowered.hasPrefix("file:") {
      self = .sqlite(path: text)
    } else if text.contains("=") && !FileManager.default.fileExists(atPath: text) {
      self = .postgres(text)
    } else if [".db", ".sqlite", ".sqlite3"].contains(where: { lowered.hasSuffix($0) })
      || FileManager.default.fileExists(atPath: text)
    {
      self = .sqlite(path: text)
    } else if !text.isEmpty && !text.contains("/") && !text.contains(".") && !text.contains(" ") {
      // A bare name is a PostgreSQL database, with the PG* environment, as `psql NAME`.
      let quoted = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      self = .postgres("dbname='" + quoted + "'")
    } else {
      throw DatabaseError(
        .connection,
        "cannot tell what database '\(text)' is: give a postgres:// or mysql:// URL, a libpq keyword "
          + "string (host=… dbname=…), a database name, or a SQLite file (.db, .sqlite, .sqlite3, "
          + "sqlite:PATH or a file: URI)")
    }
  }

  /// A database server (not a file): reached under the connecting screen, and it may ask
  /// for a password.
  var isServer: Bool {
    if case .sqlite = self { return false }
    return true
  }

  /// `password`: typed at a prompt or given by `password_command`; it overrides the
  /// connection's other sources. `scansOnly`: the connection counts and summarises (a small
  /// page cache on SQLite).
  func adaptor(
    readOnly: Bool = false, log: SQLLog = SQLLog(), password: String? = nil, scansOnly: Bool = false
  ) -> any Adaptor {
    switch self {
    case .postgres(let connection):
      return PostgreSQLAdaptor(connectionString: connection, password: password, readOnly: readOnly, log: log)
    case .mysql(let url):
      return MySQLAdaptor(url: url, password: password, readOnly: readOnly, log: log)
    case .sqlite(let path):
      return SQLiteAdaptor(path: path, readOnly: readOnly, log: log, pageCacheKilobytes: scansOnly ? 256 : nil)
    }
  }

  /// Opens the database and reads its model.
  func open(readOnly: Bool = false, log: SQLLog = SQLLog(), password: String? = nil) throws -> Database {
    try Database(adaptor: adaptor(readOnly: readOnly, log: log, password: password))
  }
}
