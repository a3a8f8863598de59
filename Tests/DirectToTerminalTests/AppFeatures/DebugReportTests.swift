import Access
@testable import DirectToTerminal
import Testing

/// The debug overlay's model and state on their own: what the report says of a page (each
/// key with the rule that gave it and the rules that lost), the database without a
/// password, and scrolling that stops at the ends.
@Suite struct DebugReportTests {
  static func report(rules: String, showsUnmatched: Bool = false) -> DebugReport {
    let session = Session.fake(model: FeatureFixture.model, rules: rules)
    return DebugReport(
      session: session, pageTask: .list,
      description: PageDescription(title: "Items", focus: PageFocus(entityName: "Item", propertyKey: "name")),
      databaseName: "PostgreSQL shop@127.0.0.1:5432", recentSQL: [], showsUnmatched: showsUnmatched)
  }

  @Test func eachKeyNamesTheRuleThatGaveItAndTheRulesThatLost() {
    let rules = """
      entity.name = 'Item' => displayNameForEntity <= 'Things'
      entity.name = 'Item' AND task = 'list' => displayNameForEntity <= 'List of things'
      """
    let lines = Self.report(rules: rules).lines().map(\.text)
    #expect(lines.contains("task = list"))
    #expect(lines.contains("entity = Item"))
    #expect(lines.contains("propertyKey = name"))
    let key = lines.firstIndex { $0.hasPrefix("displayNameForEntity = 'List of things'   ← ") }
    #expect(key != nil)
    if let key {
      #expect(lines[key + 1].hasPrefix(DebugReport.loserMark + "'Things' — "))
    }
    #expect(lines.contains("Property 'name'"))
  }

  @Test func theDatabaseIsNamedWithoutAPasswordAndTheEntityListsItsColumns() {
    let lines = Self.report(rules: "").lines().map(\.text)
    #expect(lines.contains("adaptor = PostgreSQL"))
    #expect(lines.contains("location = shop@127.0.0.1:5432"))
    #expect(lines.contains("Entity Item"))
    #expect(lines.contains { $0.hasPrefix("  name: name text") })
  }

  @Test func unmatchedRulesShowOnlyWhenAsked() {
    let rules = "entity.name = 'Film' => displayNameForEntity <= 'Movies'"
    let hidden = Self.report(rules: rules).lines().map(\.text)
    let shown = Self.report(rules: rules, showsUnmatched: true).lines().map(\.text)
    #expect(!hidden.contains { $0.hasPrefix(DebugReport.unmatchedMark + "'Movies'") })
    #expect(shown.contains { $0.hasPrefix(DebugReport.unmatchedMark + "'Movies' — ") })
    #expect(shown.first == DebugOverlay.hint(showsUnmatched: true))
  }

  @Test func scrollingStopsAtTheFirstAndTheLastPage() {
    var overlay = DebugOverlay()
    overlay.update(.scroll(pages: -1), lineCount: 100, height: 22)
    #expect(overlay.scroll == 0)
    overlay.update(.scroll(pages: 1), lineCount: 100, height: 22)
    #expect(overlay.scroll == 19)
    overlay.update(.scroll(pages: 10), lineCount: 100, height: 22)
    #expect(overlay.scroll == 80)  // the last 20 lines fill the overlay
    overlay.update(.scrollLines(-3), lineCount: 100, height: 22)
    #expect(overlay.scroll == 77)
    overlay.update(.toggleUnmatched, lineCount: 100, height: 22)
    #expect(overlay.showsUnmatched)
  }
}
