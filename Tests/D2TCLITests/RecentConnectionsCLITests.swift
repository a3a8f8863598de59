import Foundation
import Testing
import TestSupport

/// `$XDG_STATE_HOME/d2t/recent` never holds a password (issue 22 item 6): not one in the
/// URL's user part, nor one given as a query parameter (`?password=…`, `sslpassword=…`),
/// and an entry with one written by an older d2t is rewritten without it.
@Suite struct RecentConnectionsCLITests {
  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func aPasswordInTheQueryIsNeverWritten() throws {
    let server = try #require(URLComponents(string: try PostgresTests.requireURL()))
    let password = try #require(server.password, "the test server's URL has a password")
    var url = server
    url.password = nil
    url.queryItems = [
      URLQueryItem(name: "password", value: password), URLQueryItem(name: "application_name", value: "recent-test"),
      URLQueryItem(name: "sslpassword", value: "also-secret"),
    ]
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let state = scratch.url.appendingPathComponent("state")
    let recent = state.appendingPathComponent("d2t/recent")
    try FileManager.default.createDirectory(
      at: recent.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "postgresql://old@db.example/shop?password=older-secret\n".write(to: recent, atomically: true, encoding: .utf8)

    let opened = try D2TProcess.run(
      [try #require(url.string), "--headless", "--keys", "q"],
      environment: ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": scratch.url.path])
    #expect(opened.status == 0, "\(opened.stderr)")
    let written = try String(contentsOf: recent, encoding: .utf8)
    #expect(
      !written.contains(password) && !written.contains("also-secret") && !written.contains("older-secret"),
      "\(written)")
    #expect(written.contains("application_name=recent-test"), "the other parameters stay:\n\(written)")
    #expect(written.contains("postgresql://old@db.example/shop\n"), "the older entry is kept, without its password")
  }

  /// A libpq keyword string keeps everything but its secrets, as libpq reads it.
  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
  func aPasswordInAKeywordStringIsNeverWritten() throws {
    let server = try #require(URLComponents(string: try PostgresTests.requireURL()))
    let password = try #require(server.password)
    let keywords =
      "host=\(server.host ?? "127.0.0.1") port=\(server.port ?? 5432) user=\(server.user ?? "postgres") "
      + "password = '\(password)' dbname=postgres application_name='recent test'"
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let state = scratch.url.appendingPathComponent("state")
    let opened = try D2TProcess.run(
      [keywords, "--headless", "--keys", "q"],
      environment: ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": scratch.url.path])
    #expect(opened.status == 0, "\(opened.stderr)")
    let written = try String(contentsOf: state.appendingPathComponent("d2t/recent"), encoding: .utf8)
    #expect(!written.contains(password), "\(written)")
    #expect(written.contains("application_name='recent test'") && written.contains("dbname=postgres"), "\(written)")
  }

  /// A SQLite file opened by a relative name is remembered by its absolute path (the
  /// picker may be started from another folder), a `file:` URI too, with its options.
  @Test func aRelativeFileIsRememberedAbsolute() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let created = try D2TProcess.run(["sakila", "create", scratch.url.appendingPathComponent("shop.sqlite").path])
    try #require(created.status == 0, "\(created.stderr)")
    let state = scratch.url.appendingPathComponent("state")
    let environment = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": scratch.url.path]
    for name in ["shop.sqlite", "file:shop.sqlite?mode=ro"] {
      let opened = try D2TProcess.run(
        [name, "--headless", "--keys", "q"], in: scratch.url, environment: environment)
      #expect(opened.status == 0, "\(opened.stderr)")
    }
    let written = try String(contentsOf: state.appendingPathComponent("d2t/recent"), encoding: .utf8)
    let folder = scratch.url.resolvingSymlinksInPath().path
    #expect(
      written.split(separator: "\n").map(String.init) == [
        "file:" + folder + "/shop.sqlite?mode=ro", folder + "/shop.sqlite",
      ], "\(written)")
  }
}
