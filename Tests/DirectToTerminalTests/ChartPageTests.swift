import Foundation
import Testing
import TestSupport

/// Issue 25 item 4: `c` draws what the frequency, group-by and summary pages count — bars
/// over categories, columns over time with an axis — from one `GROUP BY` on the demo in
/// SQLite and PostgreSQL; a rule puts a to-many's rows over time beside its count in the
/// inspector.
@Suite struct ChartPageTests {
  static let engines = ["sqlite"] + (PostgresDemo.enabled ? ["postgres"] : [])

  func driver(_ engine: String, rules: [String] = []) throws -> AppDriver {
    var driver = engine == "postgres" ? try AppDriver.postgres() : try AppDriver.demo()
    driver.ruleFiles += rules
    return driver
  }

  @Test(arguments: engines) func barsOfAFrequencyAndOfAGroupBy(_ engine: String) throws {
    let app = try driver(engine)
    let frequency = app.screen("Down Down Enter ] ] ] ] F c", width: 200, height: 14)
    let bars = (frequency.pane(titled: "Count by Language (6)") ?? []).joined(separator: "\n")
    #expect(bars.contains(#/English +█+ 838/#) && bars.contains(#/Japanese +█+\S* 26/#), "\(frequency)")
    let lines = frequency.pane(titled: "Count by Language") ?? []
    #expect(
      (lines.firstIndex { $0.contains("English") } ?? 99) < (lines.firstIndex { $0.contains("French") } ?? 0),
      "largest first:\n\(frequency)")
    let sums = app.screen("Down Down Enter ] ] ] ] b ] ] c", width: 200, height: 14)
    #expect(sums.contains("Sum of Rental Rate by Language (6)"), "the column under the cursor:\n\(sums)")
    #expect(sums.contains(#/English +█+ 2\.52k/#), "\(sums)")
  }

  @Test(arguments: engines) func columnsOverTimeFromADateGroupedByMonth(_ engine: String) throws {
    let screen = try driver(engine).screen(
      "Enter b b " + typing("Create Date by month") + " Enter c", width: 200, height: 16)
    let pane = screen.pane(titled: "Count by Create Date by month (5)") ?? []
    #expect(pane.contains { $0.contains("150 │") } && pane.contains { $0.contains("  0 │") }, "\(screen)")
    #expect(pane.contains { $0.contains("2005-01") && $0.contains("2005-05") }, "time under the columns:\n\(screen)")
    #expect(screen.statusBar.hasSuffix("columns"), "\(screen.statusBar)")
    let bars = try driver(engine).screen(
      "Enter b b " + typing("Create Date by month") + " Enter c t", width: 200, height: 16)
    #expect(bars.contains(#/2005-01 +█+ 134/#), "t draws bars:\n\(bars)")
  }

  @Test func aSummaryHistogramAsColumns() throws {
    let screen = try AppDriver.demo().screen(
      "Down Down Enter " + String(repeating: "] ", count: 9) + "i c", width: 200, height: 16)
    #expect(screen.contains("Rows by Replacement Cost (10)"), "\(screen)")
    #expect(screen.contains(#/150 │ +█/#) || screen.contains("150 │"), "\(screen)")
  }

  @Test(arguments: engines) func anInspectorSparklineByRule(_ engine: String) throws {
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-spark-\(UUID().uuidString).rules")
    try
      "task = 'inspect' and entity.name = 'Customer' and propertyKey = 'rentals' => sparklineDateKey <= 'rentalDate'\n"
      .write(to: rules, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: rules) }
    let screen = try driver(engine, rules: [rules.path]).screen("Enter Enter", width: 160, height: 16)
    // SELECT strftime('%Y-%m', rental_date), count(*) FROM rental WHERE customer_id = 1 GROUP BY 1
    #expect(screen.contains(#/Rentals +24 ›  [▁▂▃▄▅▆▇█ ]{10} 2005-05…2006-02/#), "\(screen)")
  }

  /// The console's `F` counts a column of its result over every row (the query run again
  /// as a subquery, read only), `c` charts it, and Enter on a value keeps its rows in the
  /// console (`SELECT rating, count(*) FROM film GROUP BY rating`: R 200).
  @Test(arguments: engines) func theConsoleCountsAndChartsItsResult(_ engine: String) throws {
    let app = try driver(engine)
    let query = ": " + typing("select rating, title from film") + " C-r"
    let counted = app.screen(query + " F", width: 200, height: 14)
    #expect(counted.contains("rating values (5 in 1,000 rows)"), "\(counted)")
    #expect(counted.contains(#/NC-17 +207 +20\.7%/#), "\(counted)")
    let chart = app.screen(query + " F c", width: 200, height: 14)
    #expect(chart.contains(#/NC-17 +█+ 207/#), "\(chart)")
    let kept = app.screen(query + " F Down Enter", width: 200, height: 14)
    #expect(kept.contains("SQL console (200 rows)") && kept.contains("Filtered:"), "R's rows:\n\(kept)")
  }

  /// More values than a chart reads: the largest 2,000, and the title says of how many.
  @Test func moreGroupsThanTheChartReads() throws {
    let screen = try AppDriver.large().screen("Enter ] F c", width: 160, height: 16)
    #expect(screen.contains("(2,000 of 200,000: the largest)"), "\(screen)")
    #expect(screen.contains("… 199,"), "the rest counted:\n\(screen)")
  }

  /// A date's least or greatest is no number to draw: `c` on it says so.
  @Test func aDateAggregateIsNotCharted() throws {
    let screen = try AppDriver.demo().screen(
      "Enter b a " + typing("Last Create") + " Enter ] ] c", width: 160, height: 16)
    #expect(screen.contains("Last Create Date is not a number: c charts"), "\(screen)")
  }
}
