import Foundation
import Testing
import TestSupport

/// Issue 25 item 1: `F` on a list column opens its values over the list's rows, counted by
/// the database, on the demo in SQLite and PostgreSQL: counts most first with share and
/// bar, `s` by value, a filter honoured, a to-one by its row's title, NULL as a value,
/// Enter down to the rows of a value, and a thousand values paged to the last.
@Suite struct FrequencyPageTests {
  static let engines = ["sqlite"] + (PostgresDemo.enabled ? ["postgres"] : [])
  /// Film → the Rating column (the tenth to the right).
  static let rating = "Down Down Enter " + String(repeating: "] ", count: 10) + "F"

  func driver(_ engine: String) throws -> AppDriver {
    engine == "postgres" ? try AppDriver.postgres() : try AppDriver.demo()
  }

  @Test(arguments: engines) func countsMostFirstThenByValue(_ engine: String) throws {
    let app = try driver(engine)
    let counted = app.screen(Self.rating, width: 110, height: 14)
    #expect(counted.contains("Rating values (5 in 1,000 rows)"), "\(counted)")
    #expect(counted.contains(/▌NC-17 +207 +20\.7% █+/), "the most frequent first, selected:\n\(counted)")
    #expect(counted.contains(/\sPG +197 +19\.7% █+/), "\(counted)")
    #expect(counted.statusBar.contains("by count  value 1 of 5"), "\(counted.statusBar)")
    let byValue = app.screen(Self.rating + " s", width: 110, height: 14)
    let pane = byValue.pane(titled: "Rating values") ?? []
    // PostgreSQL's rating is an enum: its labels' order; SQLite's is text.
    let labels = engine == "postgres" ? ["G", "PG", "PG-13", "R", "NC-17"] : ["G", "NC-17", "PG", "PG-13", "R"]
    let order = labels.compactMap { label in pane.firstIndex { $0.dropFirst().hasPrefix(label + " ") } }
    #expect(order.count == 5 && order == order.sorted(), "sorted by value:\n\(byValue)")
  }

  @Test(arguments: engines) func enterOpensTheRowsOfAValue(_ engine: String) throws {
    let screen = try driver(engine).screen(Self.rating + " Enter", width: 110, height: 14)
    #expect(screen.contains("Rating = NC-17 (207)"), "\(screen)")
  }

  @Test(arguments: engines) func aFilterIsHonouredAndAToOneShowsItsTitle(_ engine: String) throws {
    let app = try driver(engine)
    let filtered = app.screen(
      "Down Down Enter \\ " + typing("rating = 'G'") + " Enter ] ] ] ] F", width: 110, height: 14)
    #expect(filtered.contains("Language values (") && filtered.contains(" in 198 rows)"), "\(filtered)")
    let languages = app.screen("Down Down Enter ] ] ] ] F", width: 110, height: 14)
    #expect(languages.contains(/▌English +838 +83\.8% █+/), "\(languages)")
    let french = app.screen("Down Down Enter ] ] ] ] F Down Enter", width: 110, height: 14)
    #expect(french.contains("Language = French (39)"), "\(french)")
    let original = app.screen("Down Down Enter ] ] ] ] ] F", width: 110, height: 14)
    #expect(original.contains(/▌∅ \(null\) +853 +85\.3%/), "NULL is a value of its own:\n\(original)")
  }

  @Test(arguments: engines) func aThousandValuesArePagedToTheLast(_ engine: String) throws {
    let screen = try driver(engine).screen("Down Down Enter F s G", width: 110, height: 14)
    #expect(screen.contains("Id values (1,000 in 1,000 rows)"), "\(screen)")
    #expect(screen.statusBar.contains("by value  value 1,000 of 1,000"), "\(screen.statusBar)")
    #expect(screen.contains(/▌1000 +1 +0\.1%/), "\(screen)")
  }
}
