import Foundation
import TerminalCore
import Testing

/// Password-like columns, hidden everywhere, cannot be probed through queries: the `\`
/// filter, quick filters and sorts refuse them with a message, `/` leaves them out, unless
/// a rule sets `allowsPasswordQueries`. Staff's passwords are the SHA-1 of 12345 (8cb2…).
@Suite struct PasswordQueryTests {
  static let openStaff = "Down Down Down Down Enter"

  @Test func theFilterRefusesAPasswordColumn() throws {
    let screen = try AppDriver.demo().screen(
      Self.openStaff + " \\ " + typing("password like '8cb2*'") + " Enter", width: 150, height: 20)
    #expect(
      screen.contains(
        "⚠ password is password-like: it cannot be used in a filter (a rule 'allowsPasswordQueries <= true' allows it)"),
      "\(screen)")
    let nested = try AppDriver.demo().screen(
      Self.openStaff + " \\ " + typing("firstName = 'x' or not (password like '8*')") + " Enter", width: 150, height: 20
    )
    #expect(nested.contains("⚠ password is password-like"), "\(nested)")
  }

  @Test func aRuleAllowsIt() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-pw-\(UUID()).rules")
    try "entity.name = 'Staff' and propertyKey = 'password' => allowsPasswordQueries <= true\n"
      .write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let driver = try AppDriver.demo(rules: [TestDatabases.sakilaRules, scratch.path])
    let none = driver.screen(
      Self.openStaff + " \\ " + typing("password like 'ffff*'") + " Enter", width: 150, height: 20)
    #expect(!none.contains("password-like"), "\(none)")
    #expect(none.contains("No rows"), "\(none)")
    let both = driver.screen(
      Self.openStaff + " \\ " + typing("password like '8cb2*'") + " Enter", width: 150, height: 20)
    #expect(both.contains("Staff (2)"), "\(both)")
  }

  @Test func sortingAndQuickFilteringAShownPasswordColumnAreRefused() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-pw-\(UUID()).rules")
    try "entity.name = 'Staff' and task = 'list' => displayPropertyKeys <= (firstName, password)\n"
      .write(to: scratch, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let driver = try AppDriver.demo(rules: [TestDatabases.sakilaRules, scratch.path])
    let sorted = driver.screen(Self.openStaff + " ] s", width: 150, height: 20)
    #expect(sorted.contains("password is password-like: it cannot be used to sort"), "\(sorted)")
    #expect(!sorted.contains("Password ▲"), "\(sorted)")
    let filtered = driver.screen(Self.openStaff + " ] =", width: 150, height: 20)
    #expect(filtered.contains("password is password-like: it cannot be used in a filter"), "\(filtered)")
  }
}

/// Below the minimum size only the warning shows, and nothing acts on the hidden pages:
/// a paste does not land in a field, q does not quit over an unsaved edit.
@Suite struct TooSmallScreenTests {
  @Test func pastesAndQuitWaitForARealScreen() throws {
    var app = try AppDriver.demo().makeApp()
    let editing = run(&app, DialogKeysTests.editFirstFilm, width: 150, height: 30)
    #expect(editing.contains("Edit AMBER ANCHOR"), "\(editing)")
    let small = run(&app, "", width: 15, height: 4)
    #expect(small.contains("d2t needs 20×6") && small.contains("unsaved edit"), "\(small)")
    _ = app.update(.paste("PASTED"))
    _ = app.update(.key(.char("q")))
    #expect(!app.wantsToQuit, "q would lose the edit")
    let back = run(&app, "", width: 150, height: 30)
    #expect(back.contains("Edit AMBER ANCHOR"), "\(back)")
    #expect(!back.contains("PASTED"), "the paste went nowhere:\n\(back)")
  }
}
