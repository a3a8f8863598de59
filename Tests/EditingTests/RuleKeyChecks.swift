import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Rule keys that change what a save writes or what a list holds, and a row followed to
/// its new key, on SQLite and PostgreSQL.
enum RuleKeyChecks {
  /// Clearing a NOT NULL text field is a missing value, not '' (unless a rule allows '').
  static func emptyTextIsMissingForNotNull(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try EditingChecks.firstFilm(db)
    var app = try fixture.app()
    let refused = EditingFixture.screen(&app, EditingChecks.openFirstFilm + " e Down C-u C-s")
    #expect(refused.contains("Not saved — Title: required"), "\(refused)")
    #expect(try db.row(of: "Film", key: ["id": film["id"] ?? .null])?["title"] == film["title"])
    var allowing = try fixture.app(rules: ["propertyKey = 'title' => allowsEmptyString <= true"])
    let saved = EditingFixture.screen(&allowing, EditingChecks.openFirstFilm + " e Down C-u C-s")
    #expect(saved.contains("Saved Film"), "\(saved)")
    #expect(try db.row(of: "Film", key: ["id": film["id"] ?? .null])?["title"] == .text(""))
  }

  /// `updateTimestampPropertyKey` names the property a save sets to now.
  static func updateTimestampIsWritten(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    // Category has no trigger that sets last_update, so only the rule can change it.
    var app = try fixture.app(rules: [
      "visibleEntityNames <= (Category)", "entity.name = 'Category' => updateTimestampPropertyKey <= 'lastUpdate'",
    ])
    _ = EditingFixture.screen(&app, "Enter e Down C-u Renamed C-s")
    let stored = try #require(try db.row(of: "Category", key: ["id": .integer(1)]))
    #expect(stored["name"] == .text("Renamed"))
    guard case .timestamp(let stamp)? = stored["lastUpdate"] else {
      Issue.record("last_update: \(String(describing: stored["lastUpdate"]))")
      return
    }
    #expect(stamp.date.year >= 2026, "set to now, not left at 2006: \(stamp)")
  }

  /// `auxiliaryQualifier` restricts the list (and its count).
  static func auxiliaryQualifierRestrictsTheList(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let gFilms = try db.count(FetchSpecification(entityName: "Film", qualifier: Qualifier(parsing: "rating = 'G'")))
    var app = try fixture.app(rules: ["entity.name = 'Film' => auxiliaryQualifier <= \"rating = 'G'\""])
    let screen = EditingFixture.screen(&app, "Down Down Enter")
    let count = gFilms.formatted(.number.grouping(.automatic))
    #expect(screen.contains("╭─ Film (\(count))"), "only G films:\n\(screen)")
  }

  /// Editing a key column (a film actor moved to another film) keeps the inspector on the
  /// row, under its new key.
  static func theInspectorFollowsAChangedKey(_ fixture: EditingFixture) throws {
    var app = try fixture.app()
    // Film Actors comes before Film Categories, Inventories, Actors and Categories at the end
    // of the film's inspector (and Film Text, film_text's one-to-one, on SQLite and MariaDB).
    let ups = fixture.backend != .postgresql ? " Up Up Up Up Up" : " Up Up Up Up"
    let screen = EditingFixture.screen(
      &app, EditingChecks.openFirstFilm + " G" + ups + " Enter Enter e Down Enter Down Enter C-s")
    #expect(screen.contains("Saved Film Actor"), "\(screen)")
    #expect(!screen.contains("no longer exists"), "\(screen)")
    #expect(screen.contains(/│▌Actor +[A-Z]+ [A-Z]+/), "the inspector shows the row:\n\(screen)")
  }
}
