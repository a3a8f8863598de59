import Foundation
import Testing

/// `d2t journal NAME`: a connection named in config.toml is accepted like by the other
/// commands; no journal, or no SQLite file, is said clearly with a failing exit status.
@Suite struct JournalCLITests {
  @Test func aNamedConnectionPrintsItsJournal() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let database = scratch.url.appendingPathComponent("shop.sqlite3").path
    let created = try D2TProcess.run(["sakila", "create", database])
    try #require(created.status == 0, "\(created.stderr)")
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("d2t"), withIntermediateDirectories: true)
    try "[connections.shop]\nurl = \"\(database)\"\njournal = true\n"
      .write(to: scratch.url.appendingPathComponent("d2t/config.toml"), atomically: true, encoding: .utf8)
    let environment = [
      "XDG_CONFIG_HOME": scratch.url.path, "XDG_STATE_HOME": scratch.url.appendingPathComponent("state").path,
    ]

    let none = try D2TProcess.run(["journal", "shop"], environment: environment)
    #expect(none.status != 0)
    #expect(
      none.stderr.contains("no journal for shop (looked for \(scratch.url.path)/state/d2t/journal/"), "\(none.stderr)")

    let edited = try D2TProcess.run(
      ["shop", "--headless", "--size", "120x30", "--keys", "Enter e Down C-u Zero Space Actor C-s q"],
      environment: environment)
    #expect(edited.status == 0, "\(edited.stderr)")
    let printed = try D2TProcess.run(["journal", "shop"], environment: environment)
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(
      printed.stdout.contains("UPDATE") && printed.stdout.contains("'Zero Actor'"), "\(printed.stdout)\(printed.stderr)"
    )

    let missing = try D2TProcess.run(["journal", "nonexistent.sqlite"], environment: environment)
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("no SQLite file at nonexistent.sqlite"), "\(missing.stderr)")
  }
}
