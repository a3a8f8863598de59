import Testing

/// Keys typed faster than rows load: every key applies, in order, to the row position the
/// user sees; the highlighted row, the row Enter opens and the status bar agree.
@Suite struct KeyBurstTests {
  static let list = "Enter"

  static func burst(_ keys: [String]) -> String { "{ " + keys.joined(separator: " ") + " }" }

  @Test func lastThenFirstAndDownInOneBurst() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " " + Self.burst(["G", "g", "j", "j", "j"]), width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 4 of 200,000"), "\(screen)")
    #expect(screen.contains(/Id Name +Price Color +4\/200,000/), "the header agrees:\n\(screen)")
  }

  @Test func enterInABurstOpensTheRowTheCursorReached() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " " + Self.burst(["G", "g", "j", "j", "j", "Enter"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item › item 4"), "\(screen)")
    #expect(screen.contains(/│▌Id +4 +│/), "\(screen)")
  }

  @Test func twentyFastPageDownsMoveTwentyPages() throws {
    // 15 rows a page at this height.
    let keys = Array(repeating: "PageDown", count: 20)
    let screen = try AppDriver.large().screen(Self.list + " " + Self.burst(keys + ["Enter"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item › item 301"), "\(screen)")
  }

  @Test func twoThousandPageDownsMoveTwoThousandPages() throws {
    let keys = Array(repeating: "PageDown", count: 2000)
    let screen = try AppDriver.large().screen(Self.list + " " + Self.burst(keys), width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 30,001 of 200,000"), "\(screen)")
    #expect(screen.contains(/│ *30001 item 30001 +0\.10 green +│/), "the row is on screen:\n\(screen)")
  }

  /// Esc typed right after Enter closes the row Enter opened, though its row is still being
  /// fetched: the fetch is cancelled and the list is back, not an empty inspector.
  @Test func escapeRightAfterEnterGoesBack() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " " + Self.burst(["j", "Enter", "Escape"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item"), "the list should be the last page:\n\(screen)")
    #expect(screen.statusBar.hasSuffix("row 2 of 200,000"), "\(screen)")
  }

  @Test func upAndDownAcrossTheEndOfAWindowInABurst() throws {
    let keys = Array(repeating: "PageDown", count: 50) + Array(repeating: "Up", count: 7)
    let screen = try AppDriver.large().screen(Self.list + " " + Self.burst(keys + ["Enter"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item › item 744"), "\(screen)")
  }
}

/// The same bursts on the real PostgreSQL server, on 1,000,000 rows (whose count is the
/// catalog's estimate).
@Suite(.enabled(if: PostgresDemo.enabled)) struct PostgresKeyBurstTests {
  @Test func lastThenFirstAndDownThenEnter() throws {
    let screen = try AppDriver.postgresLarge().screen(
      "Enter " + KeyBurstTests.burst(["G", "g", "j", "j", "j", "Enter"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item › item 4"), "\(screen)")
  }

  @Test func escapeRightAfterEnterGoesBack() throws {
    let screen = try AppDriver.postgresLarge().screen(
      "Enter " + KeyBurstTests.burst(["j", "Enter", "Escape"]), width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("Item"), "the list should be the last page:\n\(screen)")
    #expect(screen.statusBar.contains(/row 2 of ~[0-9,]+$/), "\(screen)")
  }

  @Test func twoThousandPageDowns() throws {
    let keys = Array(repeating: "PageDown", count: 2000)
    let screen = try AppDriver.postgresLarge().screen("Enter " + KeyBurstTests.burst(keys), width: 100, height: 20)
    #expect(screen.statusBar.contains(/row 30,001 of ~[0-9,]+$/), "\(screen)")
    #expect(screen.contains(/│ *30001 item 30001 +0\.10 green +│/), "\(screen)")
  }
}
