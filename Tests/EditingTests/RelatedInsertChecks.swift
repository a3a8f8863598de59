import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 23 item 1 (in part): `n` on a plain to-many list (Category → Film Categories)
/// makes a row linked to the row the list belongs to — its foreign key filled, shown as
/// `(linked)` and not editable — and after the save the list's count and rows follow.
enum RelatedInsertChecks {
  static func aRowMadeInARelatedListIsLinked(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, "DELETE FROM film_category WHERE category_id = 1")
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let opened = EditingFixture.screen(&app, "Enter Enter G Up Enter")
    #expect(FollowChecks.breadcrumb(opened).hasSuffix("Film Categories (0)"), "\(opened)")
    let form = EditingFixture.screen(&app, "n")
    #expect(form.contains("New Film Category"), "\(form)")
    #expect(form.contains(/Category +• Action +\(linked\)/), "the link is filled and shown:\n\(form)")
    let refused = EditingFixture.screen(&app, "Down Enter")
    #expect(refused.contains("Category is the row this list belongs to"), "not editable:\n\(refused)")
    let left = EditingFixture.screen(&app, "Escape")
    #expect(!left.contains("New Film Category"), "nothing typed: Esc leaves without asking:\n\(left)")
    _ = EditingFixture.screen(&app, "n")
    let saved = EditingFixture.screen(&app, "Up Enter Enter C-s")
    #expect(saved.contains("Saved new Film Category"), "\(saved)")
    let db = try fixture.otherUser()
    defer { db.close() }
    let rows = try db.fetch(
      FetchSpecification(entityName: "FilmCategory", qualifier: try Qualifier(parsing: "categoryId = 1")))
    #expect(rows.rows.count == 1, "one row, in category 1")
    let back = EditingFixture.screen(&app, "Escape")
    #expect(FollowChecks.breadcrumb(back).hasSuffix("Film Categories (1)"), "the list follows:\n\(back)")
  }

  /// A one-to-one whose table holds the key (a person's profile keyed by the person, as
  /// Django's one-to-one fields make it) and has no row yet shows `-`, not a dangling key;
  /// `n` on it makes that row, linked.
  static func aMissingOneToOneIsMadeInPlace(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "CREATE TABLE person (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL); "
        + "CREATE TABLE profile (person_id INTEGER PRIMARY KEY, bio VARCHAR(40), "
        + "FOREIGN KEY (person_id) REFERENCES person (id)); "
        + "INSERT INTO person VALUES (1, 'Ann'), (2, 'Bob'); INSERT INTO profile VALUES (1, 'likes tea');")
    var app = try fixture.app(rules: ["visibleEntityNames <= (Person)"])
    let inspector = EditingFixture.screen(&app, "Enter Down Enter G")
    #expect(inspector.contains(/▌Profile +-\s/), "no row yet, and no warning:\n\(inspector)")
    #expect(!inspector.contains("not found"), "\(inspector)")
    let form = EditingFixture.screen(&app, "n")
    #expect(form.contains("New Profile") && form.contains(/Person +• Bob +\(linked\)/), "\(form)")
    let saved = EditingFixture.screen(&app, "tea Space please C-s")
    #expect(saved.contains("Saved new Profile"), "\(saved)")
    #expect(saved.contains(/Profile +tea please/), "the inspector shows it:\n\(saved)")
    let db = try fixture.otherUser()
    defer { db.close() }
    #expect(try db.row(of: "Profile", key: ["id": .integer(2)])?["bio"] == .text("tea please"))
  }
}
