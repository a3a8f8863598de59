import Access
import DirectToTerminal
import Foundation
import Qualifiers
import TerminalCore
import Testing

/// Editing flows, run on SQLite and on PostgreSQL: what the user sees and what the database
/// holds afterwards.
enum EditingChecks {
  /// Entity list order (sakila.rules): Customer, Moviestars, Film, Store, Staff.
  static let openFirstFilm = "Down Down Enter Enter"

  static func firstFilm(_ db: Database) throws -> Row {
    try #require(
      try db.fetch(
        FetchSpecification(
          entityName: "Film", sortOrderings: [SortOrdering("title")], limit: 1)
      ).rows.first)
  }

  static func editAndSave(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try firstFilm(db)
    var app = try fixture.app()
    let screen = EditingFixture.screen(
      &app,
      openFirstFilm + " e Down C-u EDITED Space TITLE"
        + " Down Down Down Down Down Down C-u 3.49 C-s")
    #expect(screen.contains("Saved Film “EDITED TITLE”"))
    #expect(screen.contains("$3.49"), "the inspector shows the saved row")
    let stored = try #require(try db.row(of: "Film", key: ["id": film["id"] ?? .null]))
    #expect(stored["title"] == .text("EDITED TITLE"))
    #expect(stored["rentalRate"] == .decimal("3.49"))
  }

  static func ratingPicker(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try firstFilm(db)
    var app = try fixture.app()
    let fields = EditingFixture.screen(&app, openFirstFilm + " e")
    let rows = fields.split(separator: "\n")
    let ratingLine = try #require(rows.first { $0.contains("Rating") && $0.contains("NC-17") })
    #expect(ratingLine.contains(" -   G   PG   PG-13   R   NC-17"))
    let downs = Array(repeating: "Down", count: 10).joined(separator: " ")
    _ = EditingFixture.screen(&app, downs + " N C-s")
    let stored = try #require(try db.row(of: "Film", key: ["id": film["id"] ?? .null]))
    #expect(stored["rating"] == .text("NC-17"))
  }

  static func validationRefusesBadInput(_ fixture: EditingFixture) throws {
    var app = try fixture.app()
    let empty = EditingFixture.screen(&app, "Down Down Enter n C-s")
    #expect(empty.contains("Not saved — Title: required; Language: required"))
    let typed = EditingFixture.screen(&app, "Down X Down Down Down Down Down Down C-u 4.999 C-s")
    #expect(typed.contains("⚠ at most 2 decimal places"))
    #expect(typed.contains("Not saved — Language: required; Rental Rate"))
    let db = try fixture.otherUser()
    defer { db.close() }
    #expect(try db.count(FetchSpecification(entityName: "Film", qualifier: Qualifier(parsing: "title = 'X'"))) == 0)
  }

  static func newRowGetsItsKey(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let screen = EditingFixture.screen(&app, "Enter n Down Noir C-s")
    #expect(screen.contains("Saved new Category “Noir” (key 17)"))
    let db = try fixture.otherUser()
    defer { db.close() }
    let stored = try #require(try db.row(of: "Category", key: ["id": .integer(17)]))
    #expect(stored["name"] == .text("Noir"))
    guard case .timestamp? = stored["lastUpdate"] else {
      Issue.record("last_update default not applied: \(String(describing: stored["lastUpdate"]))")
      return
    }
  }

  static func deleteExplainsForeignKeysAndUndoRestores(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Film, Category)"])
    let refused = EditingFixture.screen(&app, "Enter d")
    #expect(refused.contains("cannot be deleted while these rows"), "\(refused)")
    #expect(!refused.contains("[ Delete ]"), "\(refused)")
    _ = EditingFixture.screen(&app, "Escape")
    let db = try fixture.otherUser()
    defer { db.close() }
    #expect(try db.count(FetchSpecification(entityName: "Film")) == 1000)
    var categories = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    _ = EditingFixture.screen(&categories, "Enter n Down Gone C-s Escape")
    #expect(try db.count(FetchSpecification(entityName: "Category")) == 17)
    let deleted = EditingFixture.screen(&categories, "G d Left Enter")
    #expect(deleted.contains("Deleted Category “Gone” — u undoes"))
    #expect(try db.count(FetchSpecification(entityName: "Category")) == 16)
    let undone = EditingFixture.screen(&categories, "u")
    #expect(undone.contains("Undone: Gone"))
    #expect(try db.row(of: "Category", key: ["id": .integer(17)])?["name"] == .text("Gone"))
  }

  static func conflictShowsBothValues(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    let film = try firstFilm(db)
    let key = ["id": film["id"] ?? .null]
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, openFirstFilm + " e Down C-u MINE")
    try db.apply([.update(entity: "Film", key: key, values: ["title": .text("THEIRS")], original: [:])])
    let conflict = EditingFixture.screen(&app, "C-s")
    #expect(conflict.contains("Changed by someone else"))
    #expect(conflict.contains("title: yours MINE · database THEIRS"))
    #expect(try db.row(of: "Film", key: key)?["title"] == .text("THEIRS"), "nothing overwritten silently")
    let overwritten = EditingFixture.screen(&app, "O")
    #expect(overwritten.contains("Saved Film “MINE”"))
    #expect(try db.row(of: "Film", key: key)?["title"] == .text("MINE"))
  }

  static func permissionsAndReadOnly(_ fixture: EditingFixture) throws {
    var app = try fixture.app()
    let staff = EditingFixture.screen(&app, "Down Down Down Down Enter e")
    #expect(staff.contains("Staff is read-only"))
    var readOnly = try fixture.app(readOnly: true)
    let refused = EditingFixture.screen(&readOnly, openFirstFilm + " e")
    #expect(refused.contains("This session is read-only (--read-only)"))
    var rules = try fixture.app(rules: ["entity.name = 'Film' => isObjectDeletable <= false"])
    let notDeletable = EditingFixture.screen(&rules, openFirstFilm + " d")
    #expect(notDeletable.contains("The rules do not allow deleting this row"))
  }

  static func loginSucceedsFailsAndLocks(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["firstTask <= 'login'"])
    let start = EditingFixture.screen(&app, "")
    #expect(start.contains("Log in to Demo"))
    let wrong = EditingFixture.screen(&app, "Mike Tab nope Enter")
    #expect(wrong.contains("Unknown user or wrong password"))
    let unknown = EditingFixture.screen(&app, "C-u C-u Tab C-a C-k Nobody Tab 12345 Enter")
    #expect(unknown.contains("Unknown user or wrong password"), "no hint whether the user exists")
    for _ in 0..<3 { _ = EditingFixture.screen(&app, "bad Enter") }
    let locked = EditingFixture.screen(&app, "bad Enter")
    #expect(locked.contains("wait"))
    var fresh = try fixture.app(rules: ["firstTask <= 'login'"])
    let mike = EditingFixture.screen(&fresh, "Mike Tab 12345 Enter")
    #expect(mike.contains("Logged in as Mike"))
    #expect(mike.contains("Moviestars") && mike.contains("Film"))
    #expect(!mike.contains("Customer"), "user.username = 'Mike' => visibleEntityNames <= (Actor, Film)")
    let out = EditingFixture.screen(&fresh, "C-o")
    #expect(out.contains("Log in to Demo"))
  }
}
