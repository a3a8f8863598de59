import Foundation
import Testing
import TestSupport

/// Issue 25 item 2: `i` on a list column summarises it over the list's rows, computed by
/// the database, on the demo in SQLite and PostgreSQL: a number's counts, extremes, mean,
/// standard deviation, percentiles and histogram; a text's lengths; a filter honoured;
/// every column at once (`I`).
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

  /// `I`: every column on one page with its counts and a sparkline; Enter opens one
  /// column's full summary.
  @Test(arguments: engines) func everyColumnAtOnce(_ engine: String) throws {
    let app = try driver(engine)
    let all = app.screen("Down Down Enter I", width: 260, height: 24)
    #expect(all.contains("Film columns (1,000 rows)"), "\(all)")
    #expect(all.contains(/Original Language +147 +853 +6 +[▁▂▃▄▅▆▇█]/), "\(all)")
    #expect(all.contains(/Rental Rate +1,000 +0 +3 +█ +█ +█ 0\.99 … 4\.99/), "\(all)")
    #expect(!all.contains("⚠"), "\(all)")
    let one = app.screen("Down Down Enter I Down Down Down Down Down Down Down Enter", width: 260, height: 24)
    #expect(one.contains("Rental Rate summary (1,000 rows)"), "\(one)")
  }

  /// A to-one is summarised by the related row: its rows counted by the row's key (six
  /// languages, not six names), the most frequent by title; `c` is offered only with a
  /// histogram.
  @Test(arguments: engines) func aToOneBySummarisedByItsRows(_ engine: String) throws {
    let screen = try driver(engine).screen("Down Down Enter ] ] ] ] i", width: 160, height: 16)
    #expect(screen.contains("distinct 6"), "\(screen)")
    #expect(screen.contains(#/English +838 +83\.8%/#), "\(screen)")
    #expect(!screen.statusBar.contains("c Chart"), "no histogram to chart:\n\(screen.statusBar)")
  }
}
