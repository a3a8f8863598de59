import Access
import DirectToTerminal
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import Rules
import SQLiteAdaptor
import Sakila
import TerminalCore
import Testing
import TestSupport

/// A fresh Sakila demo database per test, on SQLite or on the real PostgreSQL or MariaDB
/// server, and a headless d2t on it with `Rules/sakila.rules`.
struct EditingFixture {
  enum Backend: String, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgresql
    case mariadb
    var description: String { rawValue }
  }

  static let postgresURL = PostgresTests.url
  static let runsPostgres = PostgresTests.areOn
  static let runsMariaDB = MariaDBTests.areOn
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let sakilaRules = repository.appendingPathComponent("Rules/sakila.rules").path

  struct Unavailable: Error, CustomStringConvertible {
    var description: String { "D2T_TEST_POSTGRES_URL is not set: CI runs the PostgreSQL tests" }
  }

  let backend: Backend
  let location: String

  /// `empty`: a database without the demo's tables.
  init(_ backend: Backend, empty: Bool = false) throws {
    self.backend = backend
    if empty {
      location = try ScratchDatabase.create(backend, prefix: "d2t_edit")
      if backend == .sqlite { try ScratchDatabase.execute("", backend, at: location) }
      return
    }
    switch backend {
    case .sqlite:
      location = try ScratchDatabase.create(backend, prefix: "d2t_edit")
      try SakilaFile.create(at: location, generator: SakilaGenerator(scale: 1, seed: 1), replace: true, progress: nil)
    case .postgresql, .mariadb:
      location = try ScratchDatabase.create(backend, prefix: "d2t_edit")
      let channel = try ScratchDatabase.adaptor(backend, at: location).openChannel()
      defer { channel.close() }
      try SakilaLoader(generator: SakilaGenerator(scale: 1, seed: 1)).load(into: channel)
    }
  }

  func adaptor(log: SQLLog = SQLLog()) -> any Adaptor {
    ScratchDatabase.adaptor(backend, at: location, log: log)
  }

  /// An app on this database; `rules` are extra rule texts written to temporary files.
  /// `countConnection`: counts and their follow checks on a second connection, as `d2t` has.
  func app(
    rules: [String] = [], readOnly: Bool = false, journalDirectory: URL? = nil, log: SQLLog = SQLLog(),
    countConnection: Bool = false
  ) throws -> D2TApp {
    var files = [Self.sakilaRules]
    for text in rules {
      let path = NSTemporaryDirectory() + "d2t-edit-\(UUID().uuidString).rules"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      files.append(path)
    }
    let database = try Database(adaptor: adaptor(log: log))
    var configuration = D2TConfiguration(
      database: database,
      countDatabase: countConnection ? try Database(adaptor: adaptor(log: log), model: database.model) : nil,
      ruleFiles: files, keyRegistry: .d2t, readOnly: readOnly, title: "Demo")
    configuration.journalDirectory =
      journalDirectory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("d2t-journal-\(UUID().uuidString)")
    return D2TApp(configuration)
  }

  /// A second connection, as another user would have.
  func otherUser() throws -> Database {
    try Database(adaptor: adaptor())
  }

  /// Runs keys headless and returns the screen text.
  static func screen(_ app: inout D2TApp, _ keys: String, size: Size = Size(width: 160, height: 40)) -> String {
    D2TRunner.headless(&app, size: size, script: D2TRunner.script(keys)).lines.joined(separator: "\n")
  }

  func close() {
    ScratchDatabase.drop(backend, at: location)
  }
}
