import Foundation
import Rules
import Testing

/// Rule files reload when they change on disk (a watcher thread notices within 200 ms)
/// and on Ctrl-R; a broken file
/// keeps the last good rules and shows the error with file:line:col.
@Suite struct LiveReloadTests {
  static let good = """
    visibleEntityNames <= (Customer, Actor)
    entity.name = 'Actor' => displayNameForEntity <= 'Stars'

    """

  static func write(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  static func entities(_ screen: Screen) throws -> [String] {
    try #require(screen.pane(titled: "Entities")).filter { !$0.isEmpty }
  }

  @Test func aChangedFileUpdatesTheScreenOnTick() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("live.rules")
    try Self.write(Self.good, to: file)
    var app = try AppDriver.demo(rules: [file.path]).makeApp()
    var screen = run(&app, width: 60, height: 10)
    #expect(try Self.entities(screen).map { $0.split(separator: " ").first } == ["▌Customer", "Stars"])

    try Self.write(Self.good.replacingOccurrences(of: "'Stars'", with: "'Players'"), to: file)
    waitForRuleWatcher(&app)
    screen = run(&app, width: 60, height: 10)
    #expect(try Self.entities(screen)[1].hasPrefix(" Players "), "\(screen)")
    #expect(!screen.contains("⚠"), "no banner for a good file:\n\(screen)")
  }

  @Test func aBrokenFileKeepsTheLastGoodRulesAndShowsWhere() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("live.rules")
    try Self.write(Self.good, to: file)
    var app = try AppDriver.demo(rules: [file.path]).makeApp()
    _ = run(&app, width: 200, height: 10)

    try Self.write(Self.good + "entity.name = 'Film' => displayNameForEntity <=\n", to: file)
    waitForRuleWatcher(&app)
    let screen = run(&app, width: 250, height: 10)
    let banner = screen.lines[1]
    #expect(banner.contains(file.path + ":3:"), "the banner names file:line:col:\n\(screen)")
    #expect(banner.contains(/live\.rules:3:[0-9]+: error:[ ]/), "\(banner)")
    #expect(banner.contains("keeping the last good rules"))
    #expect(try Self.entities(screen).map { $0.split(separator: " ").first } == ["▌Customer", "Stars"])

    // Fixed again: the banner goes with the next reload and the new rules apply.
    try Self.write(Self.good.replacingOccurrences(of: "'Stars'", with: "'Cast'"), to: file)
    waitForRuleWatcher(&app)
    let fixed = run(&app, "Down", width: 200, height: 10)
    #expect(try Self.entities(fixed)[1].hasPrefix("▌Cast "), "\(fixed)")
    #expect(!fixed.contains("keeping the last good rules"))
  }

  @Test func ctrlRReloadsAndSaysSo() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("live.rules")
    try Self.write(Self.good, to: file)
    var app = try AppDriver.demo(rules: [file.path]).makeApp()
    _ = run(&app, width: 80, height: 10)
    try Self.write(Self.good.replacingOccurrences(of: "'Stars'", with: "'Troupe'"), to: file)
    let screen = run(&app, "C-r", width: 80, height: 10)
    #expect(screen.lines[1].contains("Rules reloaded (1 file(s))"), "\(screen)")
    #expect(try Self.entities(screen)[1].hasPrefix(" Troupe "))
  }

  /// Issue 22 item 5: a file that can no longer be read keeps its rules, as the banner says.
  @Test(arguments: ["not UTF-8", "deleted", "a folder", "a pipe"])
  func anUnreadableFileKeepsItsRules(_ how: String) throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("kept.rules")
    try Self.write(Self.good, to: file)
    var app = try AppDriver.demo(rules: [file.path]).makeApp()
    _ = run(&app, width: 200, height: 10)
    let manager = FileManager.default
    switch how {
    case "not UTF-8": try Data(Self.good.utf8 + [0xff, 0xfe, 0x0a]).write(to: file)
    case "deleted": try manager.removeItem(at: file)
    case "a folder":
      try manager.removeItem(at: file)
      try manager.createDirectory(at: file, withIntermediateDirectories: false)
    default:
      try manager.removeItem(at: file)
      #expect(mkfifo(file.path, 0o600) == 0)
    }
    let screen = run(&app, "C-r", width: 250, height: 10)
    #expect(screen.lines[1].contains("cannot read the rule file"), "\(screen)")
    #expect(screen.lines[1].contains("keeping the last good rules"))
    #expect(try Self.entities(screen).map { $0.split(separator: " ").first } == ["▌Customer", "Stars"])
  }

  @Test func aBrokenFileAtStartShowsTheBannerAndTheDefaults() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("broken.rules")
    try Self.write("visibleEntityNames <= (Customer,\n", to: file)
    let screen = try AppDriver.demo(rules: [file.path]).screen(width: 250, height: 12)
    #expect(screen.lines[1].contains(/broken\.rules:[0-9]+:[0-9]+: error:[ ]/), "\(screen)")
    #expect(screen.contains("│▌Actor"), "all entities, as without rule files:\n\(screen)")
  }

  @Test func aListFollowsChangedColumns() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("columns.rules")
    let entities = "visibleEntityNames <= (Customer)\n"
    try Self.write(
      entities + "task = 'list' and entity.name = 'Customer' => displayPropertyKeys <= (lastName, email)\n", to: file)
    var app = try AppDriver.demo(rules: [file.path]).makeApp()
    var screen = run(&app, "Enter", width: 120, height: 10)
    #expect(screen.contains(/│Last Name +Email[ ]/), "\(screen)")
    try Self.write(
      entities + "task = 'list' and entity.name = 'Customer' => displayPropertyKeys <= (email, firstName)\n", to: file)
    waitForRuleWatcher(&app)
    screen = run(&app, width: 120, height: 10)
    #expect(screen.line(containing: "│Email ")?.contains("First Name") == true, "\(screen)")
    #expect(screen.contains("ELLIOT.VANCE@sakilacustomer.org"))
  }
}

/// Issue 22 item 18: a rule naming a property the database does not have (`fakeKey`) or a
/// key d2t does not read (`rowComponent`) is no longer dropped without a word.
@Suite struct RuleNameWarningTests {
  @Test func anUnknownPropertyAndAnInertKeyAreNamedInAWarning() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("names.rules")
    try "entity.name = 'Film' => displayPropertyKeys <= (title, fakeKey)\n".write(
      to: file, atomically: true, encoding: .utf8)
    var app = try AppDriver.demo(rules: [TestDatabases.sakilaRules, file.path]).makeApp()
    defer { app.shutDown() }
    let screen = run(&app, width: 200, height: 10)
    #expect(screen.contains("\(file.path):1:"), "\(screen)")
    #expect(screen.contains("unknown property 'fakeKey'"), "\(screen)")
    let diagnostics = RuleChecker().check([
      RuleFile(name: "x.rules", text: "task = 'list' => rowComponent <= SummaryRow\n")
    ])
    #expect(
      diagnostics.map(\.message) == [
        "rowComponent has no effect in d2t: it names Direct to SwiftUI's row views; d2t lays out list rows and form fields itself"
      ])
  }

  @Test func theDemoLoadsWithoutAWarning() throws {
    var app = try AppDriver.demo().makeApp()
    defer { app.shutDown() }
    let screen = run(&app, width: 200, height: 10)
    #expect(!screen.contains("⚠"), "\(screen)")
  }
}
