import Foundation
import Testing

/// Issue 27 item 4: a SQLite file opened `mode=ro` or `immutable=1` is read-only from the
/// start: the reason shows on the first screen, `e`/`n`/`d` are not offered, and pressed
/// anyway they say why (before, the editor opened and only the save failed).
@Suite struct ReadOnlyDatabaseCLITests {
  @Test(arguments: ["mode=ro", "immutable=1"]) func aReadOnlyURIOffersNoEditing(_ option: String) throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let database = scratch.url.appendingPathComponent("shop.sqlite3").path
    let created = try D2TProcess.run(["sakila", "create", database])
    try #require(created.status == 0, "\(created.stderr)")
    let uri = "file:\(database)?\(option)"
    let reason =
      option == "mode=ro" ? "the file is opened read-only (mode=ro)" : "the file is opened immutable (immutable=1)"
    let first = try D2TProcess.run([uri, "--headless", "--size", "120x10"])
    #expect(first.stdout.contains("Read-only: \(reason); nothing can be edited"), "\(first.stdout)")
    let list = try D2TProcess.run([uri, "--headless", "--size", "120x10", "--keys", "Enter"])
    #expect(!list.stdout.contains("e Edit") && !list.stdout.contains("n New"), "\(list.stdout)")
    let pressed = try D2TProcess.run([uri, "--headless", "--size", "120x10", "--keys", "Enter e"])
    #expect(pressed.stdout.contains("This session is read-only, as \(reason)"), "\(pressed.stdout)")
    #expect(!pressed.stdout.contains("Edit PENELOPE"), "no editor opens:\n\(pressed.stdout)")
  }
}
