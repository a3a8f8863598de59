import Foundation
import Testing

/// A pasted 100 KB search or filter comes back at once: refused with a message that says
/// why, or applied — never a frozen screen. Bounds are generous (the freeze was minutes).
@Suite struct LongSearchTests {
  static let long = String(repeating: "a", count: 102_400)

  static func seconds(_ body: () -> Void) -> Double {
    let duration = ContinuousClock().measure(body)
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// `/`, the paste, Enter: the screen after Enter and how long Enter took.
  static func apply(_ line: String, with text: String, on driver: AppDriver) -> (Screen, Double) {
    var app = driver.makeApp()
    _ = run(&app, "Enter " + line)
    _ = app.update(.paste(text))
    var screen = run(&app, "")
    let time = seconds { screen = run(&app, "Enter") }
    return (screen, time)
  }

  @Test func aHundredKilobyteSearchIsRefusedWithAMessage() throws {
    let (screen, time) = Self.apply("/", with: Self.long, on: try AppDriver.demo())
    #expect(screen.contains("⚠ A search is at most 10,000 characters; this one has 102,400"), "\(screen)")
    #expect(screen.contains("/aaaa"), "the line stays open to shorten:\n\(screen)")
    #expect(time < 5, "\(time) s")
  }

  @Test func aSearchAtTheLimitApplies() throws {
    // 10,000 characters took the history's secret check 6 s before it was linear.
    let text = String(repeating: "a", count: 10_000)
    let (screen, time) = Self.apply("/", with: text, on: try AppDriver.demo())
    #expect(screen.contains("search: aaaa"), "\(screen)")
    #expect(screen.contains("No rows"), "\(screen)")
    #expect(time < 5, "\(time) s")
  }

  @Test func aHundredKilobyteLikePatternIsRefusedBySQLiteInWords() throws {
    let (screen, time) = Self.apply(
      "\\", with: "firstName like '" + Self.long + "'", on: try AppDriver.demo())
    #expect(
      screen.contains("⚠ 'firstName like': the pattern is 102400 bytes long; SQLite takes at most 50000"),
      "\(screen)")
    #expect(!screen.contains("too complex"), "\(screen)")
    #expect(time < 5, "\(time) s")
  }
}

/// The same on PostgreSQL, which takes a 100 KB pattern.
@Suite(.enabled(if: PostgresDemo.enabled)) struct PostgresLongSearchTests {
  @Test func aHundredKilobyteSearchIsRefusedWithAMessage() throws {
    let (screen, time) = LongSearchTests.apply("/", with: LongSearchTests.long, on: try AppDriver.postgres())
    #expect(screen.contains("⚠ A search is at most 10,000 characters; this one has 102,400"), "\(screen)")
    #expect(time < 5, "\(time) s")
  }

  @Test func aHundredKilobyteFilterApplies() throws {
    let (screen, time) = LongSearchTests.apply(
      "\\", with: "firstName like '" + LongSearchTests.long + "'", on: try AppDriver.postgres())
    #expect(screen.contains("filter: firstName like 'aaaa"), "\(screen)")
    #expect(screen.contains("No rows"), "\(screen)")
    #expect(time < 5, "\(time) s")
  }
}
