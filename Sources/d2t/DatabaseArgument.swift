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
    self = try Self.classify(text).argument
  }

  /// What `text` opens when it cannot be a configured connection's name (a URL, a `sqlite:`
  /// or `file:` name, a file that exists); nil for a name the settings may give a
  /// connection, or for text that names nothing.
  static func unnamed(_ text: String) -> DatabaseArgument? {
    guard let (argument, isName) = try? classify(text), !isName else { return nil }
    return argument
  }

  /// `isName`: `text` may also be a configured connection's name (a bare name, a keyword
  /// string, a SQLite file that does not exist yet).
  private static func classify(_ text: String) throws -> (argument: DatabaseArgument, isName: Bool) {
    let lowered = text.lowercased()
    if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
      return (.postgres(text), false)
    } else if lowered.hasPrefix("mysql://") || lowered.hasPrefix("mariadb://") {
      return (.mysql(text), false)
    } else if lowered.hasPrefix("sqlite:") {
      return (.sqlite(path: String(text.dropFirst("sqlite:".count))), false)
    } else if lowered.hasPrefix("file:") {
      return (.sqlite(path: text), false)
    }
    let exists = FileManager.default.fileExists(atPath: text)
    if text.contains("=") && !exists {
      return (.postgres(text), true)
    } else if exists || [".db", ".sqlite", ".sqlite3"].contains(where: { lowered.hasSuffix($0) }) {
      return (.sqlite(path: text), !exists)
    } else if !text.isEmpty && !text.contains("/") && !text.contains(".") && !text.contains(" ") {
      // A bare name is a PostgreSQL database, with the PG* environment, as `psql NAME`.
      let quoted = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      return (.postgres("dbname='" + quoted + "'"), true)
    }
    throw DatabaseError(
      .connection,
      "cannot tell what database '\(text)' is: give a postgres:// or mysql:// URL, a libpq keyword "
        + "string (host=… dbname=…), a database name, or a SQLite file (.db, .sqlite, .sqlite3, "
        + "sqlite:PATH or a file: URI)")
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
