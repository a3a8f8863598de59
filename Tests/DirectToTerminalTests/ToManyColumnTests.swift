import Foundation
import Testing
import TestSupport

/// A list column through a many-to-many (`actors.lastName` on Film) holds each row's
/// related values: shown, searched (`/`), quick-filtered (`=`: some of them, as `in`) and
/// refused for sorting, on the demo in SQLite and PostgreSQL.
@Suite struct ToManyColumnTests {
  static let engines = ["sqlite"] + (PostgresDemo.enabled ? ["postgres"] : [])

  func driver(_ engine: String) throws -> (AppDriver, URL) {
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-tomany-\(UUID().uuidString).rules")
    try "task = 'list' and entity.name = 'Film' => displayPropertyKeys <= (title, 'actors.lastName'); high\n"
      .write(to: rules, atomically: true, encoding: .utf8)
    var driver = engine == "postgres" ? try AppDriver.postgres() : try AppDriver.demo()
    driver.ruleFiles += [rules.path]
    return (driver, rules)
  }

  @Test(arguments: engines) func searchedFilteredAndNotSorted(_ engine: String) throws {
    let (app, rules) = try driver(engine)
    defer { try? FileManager.default.removeItem(at: rules) }
    let shown = app.screen("Down Down Enter", width: 200, height: 12)
    #expect(shown.contains("AMBER ANCHOR") && shown.contains("COLDWELL"), "\(shown)")
    // SELECT count(DISTINCT fa.film_id) FROM film_actor fa JOIN actor a … WHERE lower(a.last_name) LIKE '%coldwell%'
    let searched = app.screen("Down Down Enter / coldwell Enter", width: 200, height: 12)
    #expect(searched.contains("Film (30)") || searched.contains("(30 of 1,000)"), "\(searched)")
    let filtered = app.screen("Down Down Enter ] =", width: 200, height: 12)
    #expect(filtered.contains("actors.lastName in ('COLDWELL'"), "some of AMBER ANCHOR's actors:\n\(filtered)")
    #expect(!filtered.contains("needs 'in'") && filtered.contains("AMBER ANCHOR"), "\(filtered)")
    let sorted = app.screen("Down Down Enter ] s", width: 200, height: 12)
    #expect(sorted.contains("holds several values a row (one per related row): it does not sort"), "\(sorted)")
    #expect(sorted.contains("AMBER ANCHOR"), "the rows stay:\n\(sorted)")
  }
}
