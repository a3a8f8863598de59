import Foundation
import Testing

/// Issue 27 item 1: a connection named in config.toml is accepted by every subcommand that
/// takes a database (`model`, `export`, `rules check --database`, `rules explain`), not read
/// as a PostgreSQL database of that name.
@Suite struct NamedConnectionCLITests {
  @Test func everySubcommandTakesAConnectionName() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let database = scratch.url.appendingPathComponent("shop.sqlite3").path
    let created = try D2TProcess.run(["sakila", "create", database])
    try #require(created.status == 0, "\(created.stderr)")
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("d2t"), withIntermediateDirectories: true)
    try "[connections.shop]\nurl = \"\(database)\"\n"
      .write(to: scratch.url.appendingPathComponent("d2t/config.toml"), atomically: true, encoding: .utf8)
    let rules = scratch.url.appendingPathComponent("my.rules").path
    try "entity.name = 'Film' => displayNameForEntity <= 'Movie'\n"
      .write(toFile: rules, atomically: true, encoding: .utf8)
    let environment = [
      "XDG_CONFIG_HOME": scratch.url.path, "XDG_STATE_HOME": scratch.url.appendingPathComponent("state").path,
    ]

    let model = try D2TProcess.run(["model", "shop"], environment: environment)
    #expect(model.status == 0 && model.stdout.contains("Film  (film"), "\(model.stdout)\(model.stderr)")
    let export = try D2TProcess.run(
      ["export", "shop", "language", "--format", "csv", "--columns", "name"], environment: environment)
    #expect(export.status == 0 && export.stdout.hasPrefix("name\nEnglish"), "\(export.stdout)\(export.stderr)")
    let check = try D2TProcess.run(["rules", "check", "--database", "shop", rules], environment: environment)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let explain = try D2TProcess.run(
      ["rules", "explain", "displayNameForEntity", "--context", "entity=Film", "--rules", rules, "shop"],
      environment: environment)
    #expect(explain.status == 0 && explain.stdout.contains("Movie"), "\(explain.stdout)\(explain.stderr)")
  }
}
