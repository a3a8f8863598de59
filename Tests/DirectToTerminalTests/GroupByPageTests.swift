import Foundation
import Testing
import TestSupport

/// Issue 25 item 3: `b` on a list column groups the list's rows by it (a to-one by its
/// row's title, dates by month…), counted and added up by the database, on the demo in
/// SQLite and PostgreSQL, against sums worked out by hand (`SELECT l.name, count(*),
/// sum(f.rental_rate), round(avg(f.rental_rate), 2) FROM film f JOIN language l …
/// GROUP BY l.name`); `g`, `+`, `a` and `s` regroup, add up and sort; Enter opens a
/// group's rows; rules preset the report per entity.
@Suite struct GroupByPageTests {
  static let engines = ["sqlite"] + (PostgresDemo.enabled ? ["postgres"] : [])
  /// Film → the Language column, grouped.
  static let language = "Down Down Enter ] ] ] ] b"

  func driver(_ engine: String) throws -> AppDriver {
    engine == "postgres" ? try AppDriver.postgres() : try AppDriver.demo()
  }

  @Test(arguments: engines) func groupsByAToOneWithSumsAndAverages(_ engine: String) throws {
    let screen = try driver(engine).screen(Self.language, width: 240, height: 16)
    let pane = (screen.pane(titled: "Groups by Language (6 in 1,000 rows)") ?? []).joined(separator: "\n")
    #expect(pane.contains("Language Count Sum of Rental Rate Average Rental Rate"), "\(screen)")
    #expect(pane.contains(/English +838 +2517\.62 +3\.00/), "\(screen)")
    #expect(pane.contains(/French +39 +94\.61 +2\.43/), "two places on every engine:\n\(screen)")
    #expect(pane.contains(/Japanese +26 +53\.74 +2\.07/), "\(screen)")
  }

  @Test(arguments: engines) func regroupAddUpSortAndOpenAGroup(_ engine: String) throws {
    let app = try driver(engine)
    let byRating = app.screen(Self.language + " b Rating Enter a greatest Space len Enter", width: 240, height: 16)
    let pane = (byRating.pane(titled: "Groups by Rating (5 in 1,000 rows)") ?? []).joined(separator: "\n")
    #expect(pane.contains("Greatest Length"), "\(byRating)")
    #expect(pane.contains(#/NC-17 +207 .* 185/#), "\(byRating)")
    let sorted = app.screen(Self.language + " b Rating Enter ] s", width: 240, height: 16)
    let counts = (sorted.pane(titled: "Groups by Rating") ?? []).compactMap { line -> Int? in
      let fields = line.split(separator: " ")
      return fields.count > 2 ? Int(fields[1]) : nil
    }
    #expect(counts == [197, 198, 198, 200, 207], "sorted by count, least first:\n\(sorted)")
    let rows = app.screen(Self.language + " b Rating Enter Enter", width: 240, height: 16)
    #expect(rows.contains("Rating = G (198)"), "the first group by value, its rows:\n\(rows)")
  }

  @Test func rulesPresetTheReportAndDatesGroupByMonth() throws {
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-groups-\(UUID().uuidString).rules")
    try """
    entity.name = 'Customer' => summaryGroupKeys <= (store, 'createDate:month')
    entity.name = 'Customer' => summaryAggregates <= ('max(createDate)')
    """.write(to: rules, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: rules) }
    let app = try AppDriver.demo(rules: [TestDatabases.sakilaRules, rules.path])
    let screen = app.screen("Enter b", width: 150, height: 20)
    #expect(screen.contains("Groups by Store, Create Date by month ("), "\(screen)")
    #expect(screen.contains("Last Create Date"), "\(screen)")
    // SELECT store_id, strftime('%Y-%m', create_date), count(*) FROM customer GROUP BY 1, 2
    #expect(screen.contains(#/2 +2005-03 +60 /#), "\(screen)")
    let drilled = app.screen("Enter b Down Down Down Down Down Down Down Enter", width: 150, height: 20)
    #expect(drilled.contains("Store = 2, Create Date by month = 2005-03 (60)"), "the month's rows:\n\(drilled)")
  }

  /// `/` keeps the groups holding a text; `x` writes the groups as shown (a to-one by its
  /// title, headed as the page heads them) to a file.
  @Test(arguments: engines) func searchAndExportTheGroups(_ engine: String) throws {
    let app = try driver(engine)
    let searched = app.screen(Self.language + " / AN Enter", width: 240, height: 16)
    #expect(searched.contains("Groups by Language holding “AN” (4 in 123 rows)"), "\(searched)")
    let pane = (searched.pane(titled: "Groups by Language") ?? []).joined(separator: "\n")
    #expect(!pane.contains("English ") && pane.contains("Spanish "), "\(searched)")
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("groups-\(engine).csv").path
    _ = app.screen(Self.language + " x Tab C-u " + typing(path) + " Enter", width: 240, height: 16)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.split(separator: "\n").prefix(3) == [
        "Language,Count,Sum of Rental Rate,Average Rental Rate", "English,838,2517.62,3.00", "French,39,94.61,2.43",
      ], "\(text)")
  }
}
