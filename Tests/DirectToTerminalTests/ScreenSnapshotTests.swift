import Foundation
import Testing

/// Every page of the demo at 80×24 and 160×48, as text snapshots in `__Snapshots__/`.
@Suite struct ScreenSnapshotTests {
  struct Page: CustomStringConvertible, Sendable {
    var name: String
    var keys: String
    var extraRules: String?

    var description: String { name }
  }

  static let pages = [
    Page(name: "entity-list", keys: ""),
    Page(name: "customer-list", keys: "Enter"),
    Page(name: "customer-inspector", keys: "Enter Enter"),
    Page(name: "film-inspector", keys: "Down Down Enter Enter"),
    Page(name: "film-actors-list", keys: "Down Down Enter Enter" + String(repeating: " Down", count: 13) + " Enter"),
    Page(name: "unknown-task-error", keys: "", extraRules: "firstTask <= 'nonsense'\n"),
    Page(name: "help-overlay", keys: "?"),
    Page(name: "debug-overlay", keys: "Down Down Enter Enter F12"),
  ]

  static let sizes = [(80, 24), (160, 48)].map { ScreenSize(width: $0.0, height: $0.1) }

  struct ScreenSize: CustomStringConvertible, Sendable {
    var width: Int
    var height: Int
    var description: String { "\(width)x\(height)" }
  }

  @Test(arguments: pages, sizes)
  func page(_ page: Page, size: ScreenSize) throws {
    var rules = [TestDatabases.sakilaRules]
    if let extra = page.extraRules {
      let file = try TestDatabases.scratchDirectory().appendingPathComponent("extra.rules")
      try extra.write(to: file, atomically: true, encoding: .utf8)
      rules.append(file.path)
    }
    let screen = try AppDriver.demo(rules: rules)
      .screen(page.keys, width: size.width, height: size.height)
    Snapshot.expect(screen, named: "\(page.name)-\(size)")
  }

  @Test func unknownTaskShowsAnErrorPageNotACrash() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("nonsense.rules")
    try "firstTask <= 'nonsense'\n".write(to: file, atomically: true, encoding: .utf8)
    let driver = try AppDriver.demo(rules: [TestDatabases.sakilaRules, file.path])
    let screen = driver.screen(width: 100, height: 20)
    #expect(screen.contains("╭─ Cannot open 'nonsense'"))
    #expect(screen.contains("No page shows the task 'nonsense'. Check the `page` rules for this task."))
    #expect(screen.contains("Esc goes back"))
    #expect(screen.breadcrumb == " Error")
    let afterKeys = driver.screen("Escape Enter Down q", width: 100, height: 20)
    #expect(afterKeys.contains("╭─ Cannot open 'nonsense'"))
  }
}
