import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// The to-one chooser (select page), run on SQLite and on PostgreSQL: it lists the
/// destination's rows, Enter sets the relationship, Ctrl-N clears a nullable one, Esc
/// changes nothing; the database holds the foreign keys afterwards.
enum SelectPageChecks {
  /// Film editor fields (sakila.rules): Id, Title, Description, Release Year, Language,
  /// Original Language, …
  static let toLanguage = "Down Down Down Down"

  static func languageID(_ db: Database, named name: String) throws -> DatabaseValue {
    let row = try #require(
      try db.fetch(
        FetchSpecification(
          entityName: "Language", qualifier: Qualifier(parsing: "name = '\(name)'"), limit: 1)
      ).rows.first)
    return try #require(row["id"])
  }

  /// A new film with its mandatory language chosen on the select page.
  static func newFilmChoosesItsLanguage(_ fixture: EditingFixture) throws {
    var app = try fixture.app()
    let chooser = EditingFixture.screen(&app, EditingChecks.openFirstFilm + " n Down CHOSEN Down Down Down Enter")
    #expect(chooser.contains("╭─ Choose Language (6)"), "the select page lists the languages:\n\(chooser)")
    #expect(chooser.contains("│Japanese"), "\(chooser)")
    #expect(!chooser.contains("Choose Language › Choose"), "no second chooser")
    let back = EditingFixture.screen(&app, "/ Ital Enter Enter")
    #expect(back.contains(/│▌Language +• Italian  ⏎ choose/), "the field shows the choice:\n\(back)")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved new Film “CHOSEN”"), "\(saved)")
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try #require(
      try db.fetch(
        FetchSpecification(
          entityName: "Film", qualifier: Qualifier(parsing: "title = 'CHOSEN'"), limit: 1)
      ).rows.first)
    #expect(film["languageId"] == (try languageID(db, named: "Italian")))
  }

  /// An existing film's language changed; saving and reopening shows the new one.
  static func changeAFilmsLanguage(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try EditingChecks.firstFilm(db)
    var app = try fixture.app()
    let saved = EditingFixture.screen(
      &app, EditingChecks.openFirstFilm + " e " + toLanguage + " Enter / Germ Enter Enter C-s")
    #expect(saved.contains("Saved Film"), "\(saved)")
    #expect(saved.contains(/│ Language +German +│/), "the inspector shows the new language:\n\(saved)")
    let stored = try #require(try db.row(of: "Film", key: ["id": film["id"] ?? .null]))
    #expect(stored["languageId"] == (try languageID(db, named: "German")))
  }

  /// Original Language is nullable: Ctrl-N on the select page clears it; Esc on the select
  /// page leaves the field as it was.
  static func clearANullableToOne(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try EditingChecks.firstFilm(db)
    #expect(film["originalLanguageId"]?.isNull == false, "the demo's first film has an original language")
    var app = try fixture.app()
    let cancelled = EditingFixture.screen(
      &app, EditingChecks.openFirstFilm + " e " + toLanguage + " Down Enter Down Escape")
    #expect(cancelled.contains(/Original La[^│]*French  ⏎ choose/), "Esc changes nothing:\n\(cancelled)")
    #expect(!cancelled.contains("Choose Language"))
    let cleared = EditingFixture.screen(&app, "Enter C-n")
    #expect(cleared.contains(/Original La[^│]*∅  ⏎ choose/), "\(cleared)")
    _ = EditingFixture.screen(&app, "C-s")
    let stored = try #require(try db.row(of: "Film", key: ["id": film["id"] ?? .null]))
    #expect(stored["originalLanguageId"] == .null)
    #expect(stored["languageId"] == film["languageId"], "the other to-one is untouched")
  }
}
