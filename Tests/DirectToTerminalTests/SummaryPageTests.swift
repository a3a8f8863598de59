import Foundation
import Testing
import TestSupport

/// Issue 25 item 2: `i` on a list column summarises it over the list's rows, computed by
/// the database, on the demo in SQLite and PostgreSQL: a number's counts, extremes, mean,
/// standard deviation, percentiles and histogram; a text's lengths; a filter honoured.
@Suite struct SummaryPageTests {
  static let engines = ["sqlite"] + (PostgresDemo.enabled ? ["postgres"] : [])
  /// Film → the Rental Rate column.
  static let rentalRate = "Down Down Enter " + String(repeating: "] ", count: 7) + "i"

  func driver(_ engine: String) throws -> AppDriver {
    engine == "postgres" ? try AppDriver.postgres() : try AppDriver.demo()
  }

  @Test(arguments: engines) func aNumbersSummaryAndHistogram(_ engine: String) throws {
    let screen = try driver(engine).screen(Self.rentalRate, width: 160, height: 30)
    #expect(screen.contains("Rental Rate summary (1,000 rows)"), "\(screen)")
    #expect(screen.contains("Rows 1,000   values 1,000   NULL 0   distinct 3"), "\(screen)")
    #expect(screen.contains("Min 0.99   max 4.99"), "\(screen)")
    #expect(screen.contains("Mean 2.968   standard deviation 1.6414"), "\(screen)")
    #expect(screen.contains("p5 0.99   p25 0.99   median 2.99   p75 4.99   p95 4.99"), "\(screen)")
    #expect(screen.contains(/≥ 0\.99 342 █+/) && screen.contains(/≥ 4\.59 331 █+/), "\(screen)")
  }

  @Test(arguments: engines) func aFilterIsHonouredAndTextHasLengths(_ engine: String) throws {
    let app = try driver(engine)
    let filtered = app.screen(
      "Down Down Enter \\ " + typing("rating = 'G'") + " Enter " + String(repeating: "] ", count: 7) + "i",
      width: 160, height: 30)
    #expect(filtered.contains("Rental Rate summary (198 rows)"), "\(filtered)")
    let title = app.screen("Down Down Enter ] i", width: 160, height: 30)
    #expect(title.contains("Shortest 10   longest 20 characters"), "\(title)")
    #expect(title.contains("Average length 13.914"), "\(title)")
    #expect(title.contains("Empty strings 0"), "\(title)")
  }
}
