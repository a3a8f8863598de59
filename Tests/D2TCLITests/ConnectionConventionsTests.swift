import Foundation
import Testing
import TestSupport

/// psql's conventions: a bare name is a PostgreSQL database reached with the PG*
/// environment, and the breadcrumb names where the connection went; SQLite `file:` URIs.
@Suite struct ConnectionConventionsTests {
  static let serverURL = PostgresTests.url
  static let enabled = PostgresTests.areOn

  /// The test server as PG* variables (what a psql user has set).
  static func pgEnvironment() throws -> [String: String] {
    let url = try #require(serverURL.flatMap(URLComponents.init(string:)), "D2T_TEST_POSTGRES_URL")
    return [
      "PGHOST": url.host ?? "127.0.0.1", "PGPORT": String(url.port ?? 5432), "PGUSER": url.user ?? "postgres",
      "PGPASSWORD": url.password ?? "",
    ]
  }

  @Test(.enabled(if: enabled)) func aBareNameIsAPostgreSQLDatabaseWithThePGEnvironment() throws {
    let environment = try Self.pgEnvironment()
    let model = try D2TProcess.run(["model", "postgres"], environment: environment)
    #expect(model.status == 0, "\(model.stderr)")
    let screen = try D2TProcess.run(["postgres", "--headless", "--size", "80x8"], environment: environment)
    #expect(screen.status == 0, "\(screen.stderr)")
    let host = environment["PGHOST", default: ""], port = environment["PGPORT", default: ""]
    #expect(
      screen.stdoutLines.first?.contains("postgres@\(host):\(port)/postgres") == true,
      "the breadcrumb shows where libpq connected, from the environment:\n\(screen.stdout)")
  }

  @Test func aSQLiteFileURIOpensReadOnly() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let path = scratch.url.appendingPathComponent("uri.sqlite3").path
    let create = try D2TProcess.run(["sakila", "create", path])
    try #require(create.status == 0, "\(create.stderr)")
    let screen = try D2TProcess.run(["file:\(path)?mode=ro", "--headless", "--size", "80x8"])
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(screen.stdout.contains("Actor"), "\(screen.stdout)")
  }

  /// mysql's conventions: a URL that names only user and database connects where the
  /// `[client]` group of `~/.my.cnf` says, and the title names that server, not `localhost`.
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason))
  func myCnfDecidesTheServerAndTheTitleSaysWhich() throws {
    let server = try #require(URLComponents(string: try MariaDBTests.requireURL()))
    let home = try TemporaryDirectory()
    defer { home.remove() }
    try "[client]\nhost=\(server.host ?? "")\nport=\(server.port ?? 0)\npassword=\(server.password ?? "")\n"
      .write(to: home.url.appendingPathComponent(".my.cnf"), atomically: true, encoding: .utf8)
    let opened = try D2TProcess.run(
      ["mysql://\(server.user ?? "")@\(server.path)", "--headless", "--size", "80x6"],
      environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path, "XDG_STATE_HOME": home.url.path])
    #expect(opened.status == 0, "\(opened.stderr)")
    let title = opened.stdoutLines.first ?? ""
    #expect(title.contains("\(server.user ?? "")@\(server.host ?? ""):\(server.port ?? 0)\(server.path)"), "\(title)")
  }
}
