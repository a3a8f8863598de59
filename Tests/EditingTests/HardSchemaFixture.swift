import Access
import DirectToTerminal
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor
import TerminalCore
import Testing

/// An empty database of its own (a SQLite file, or a new database on the PostgreSQL test
/// server) made from a schema script, and a headless d2t on it with the default rules only:
/// the hard schemas real databases have, which the demo never shows.
struct HardSchemaFixture {
  let backend: EditingFixture.Backend
  let location: String
  /// A role made for the test (PostgreSQL), dropped on close.
  private(set) var roles: [String] = []

  init(_ backend: EditingFixture.Backend, schema: String) throws {
    self.backend = backend
    location = try ScratchDatabase.create(backend, prefix: "d2t_hard")
    try ScratchDatabase.execute(schema, backend, at: location)
  }

  /// Runs more SQL as the owner.
  func execute(_ sql: String) throws {
    let channel = try adaptor().openChannel()
    defer { channel.close() }
    try channel.executeScript(sql)
  }

  func adaptor(user: String? = nil) -> any Adaptor {
    switch backend {
    case .sqlite: return SQLiteAdaptor(path: location)
    case .postgresql:
      guard let user, let at = location.firstIndex(of: "@") else {
        return PostgreSQLAdaptor(connectionString: location)
      }
      return PostgreSQLAdaptor(connectionString: "postgresql://\(user):\(user)" + location[at...])
    case .mariadb: return MySQLAdaptor(url: location)
    }
  }

  /// A login role whose password is its name, allowed to connect (PostgreSQL only).
  mutating func createRole(_ prefix: String) throws -> String {
    let role = prefix + "_" + UUID().uuidString.prefix(8).lowercased()
    let database = location.split(separator: "/").last.map(String.init) ?? ""
    try execute(
      "CREATE ROLE \(role) LOGIN PASSWORD '\(role)'; GRANT CONNECT ON DATABASE \(database) TO \(role);"
        + " GRANT USAGE ON SCHEMA public TO \(role);")
    roles.append(role)
    return role
  }

  /// An app on this database with the default rules and `rules` (rule texts) on top.
  func app(rules: [String] = [], user: String? = nil) throws -> D2TApp {
    var files: [String] = []
    for text in rules {
      let path = NSTemporaryDirectory() + "d2t-hard-\(UUID().uuidString).rules"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      files.append(path)
    }
    return D2TApp(
      D2TConfiguration(
        database: try Database(adaptor: adaptor(user: user)), ruleFiles: files, keyRegistry: .d2t,
        title: "Hard"))
  }

  /// A connection of its own, to read back what was saved.
  func database() throws -> Database { try Database(adaptor: adaptor()) }

  /// Key names (the `--keys` syntax) and literal text, in order: `.keys("e Down")`,
  /// `.text("{1, 2}")`.
  enum Input {
    case keys(String)
    case text(String)
  }

  /// Runs the input headless and returns the screen text.
  static func screen(_ app: inout D2TApp, _ input: [Input], size: Size = Size(width: 200, height: 40)) -> String {
    let steps = input.flatMap { part -> [D2TRunner.ScriptStep] in
      switch part {
      case .keys(let keys): return D2TRunner.script(keys)
      case .text(let text): return text.map { D2TRunner.ScriptStep.key(.char($0)) }
      }
    }
    return D2TRunner.headless(&app, size: size, script: steps).lines.joined(separator: "\n")
  }

  static func screen(_ app: inout D2TApp, _ keys: String, size: Size = Size(width: 200, height: 40)) -> String {
    screen(&app, [.keys(keys)], size: size)
  }

  func close() {
    ScratchDatabase.drop(backend, at: location, roles: roles)
  }
}
