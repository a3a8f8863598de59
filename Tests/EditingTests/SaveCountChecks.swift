import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// After the user's own save, what counts rows counts them once: the entity list (SQLite,
/// exact counts) counts every entity again, views included since a view may read the table
/// saved, and the open list counts its rows — but neither twice, though both the save's
/// message and the follow checks (which see the app's own write on the counting
/// connection) say the data changed.
enum SaveCountChecks {
  /// With counts on a connection of their own, as `d2t` runs, and on the pages' connection
  /// (an embedding app's choice), whose follow checks do not see the app's own writes.
  static func aSaveCountsEachEntityOnce(_ fixture: EditingFixture) throws {
    try ScratchDatabase.execute(
      "CREATE VIEW genre AS SELECT category_id, name FROM category", fixture.backend, at: fixture.location)
    for (countConnection, name) in [(true, "Mine"), (false, "Ours")] {
      let statements = try statementsAfterSave(fixture, countConnection: countConnection, name: name)
      let listing = statements.joined(separator: "\n")
      func counts(of table: String) -> Int {
        statements.filter {
          $0.hasPrefix("SELECT count(*) AS \"count\" FROM ") && $0.hasSuffix("\"\(table)\" AS \"t0\"")
        }.count
      }
      if fixture.backend == .sqlite {
        #expect(counts(of: "film") == 1, "the entity list counts Film once (\(countConnection)):\n\(listing)")
        #expect(counts(of: "genre") == 1, "and the view once (\(countConnection)):\n\(listing)")
        #expect(
          counts(of: "category") == 2,
          "Category once for the entity list, once for its open list (\(countConnection)):\n\(listing)")
      } else {
        // PostgreSQL's entity list shows the catalog's estimates: it counts nothing.
        #expect(counts(of: "film") == 0 && counts(of: "genre") == 0, "no count by the entity list:\n\(listing)")
      }
    }
  }

  /// The statements sent from a save of category 2's name to 2 s of follow checks later.
  static func statementsAfterSave(_ fixture: EditingFixture, countConnection: Bool, name: String) throws -> [String] {
    let log = SQLLog(capacity: 100_000)
    var app = try fixture.app(
      rules: ["visibleEntityNames <= (Category, Film, Genre)"], log: log, countConnection: countConnection)
    let editing = EditingFixture.screen(&app, "Enter Down Enter e Down C-u " + name)
    #expect(editing.contains(name), "\(editing)")
    for _ in 0..<3 { app.follow(); _ = EditingFixture.screen(&app, "sleep:50") }
    let before = log.recent().count

    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved Category “\(name)”"), "\(saved)")
    // Follow checks a tenth of a second apart for 2 s: PostgreSQL publishes the save in its
    // change counters late; every pane is on screen again after Esc.
    for step in 0..<20 {
      app.follow()
      _ = EditingFixture.screen(&app, step == 10 ? "Escape sleep:100" : "sleep:100")
    }
    return log.recent().dropFirst(before).map(\.sql)
  }
}
