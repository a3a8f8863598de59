import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 23 item 4 (in part): `n` in a to-one's chooser opens a nested editor for a new
/// related row (Esc drops only it); its Ctrl-S hands the row to the editor that asked,
/// unsaved, shown as new; that editor's Ctrl-S inserts it first and saves its own row with
/// the new generated key, in one transaction, recorded as one step (`u` undoes both); a
/// failure writes neither and keeps every input.
enum NestedNewRowChecks {
  static let rules = [
    "visibleEntityNames <= (Film)",
    "task = 'edit' and entity.name = 'Film' => displayPropertyKeys <= (title, language)",
  ]

  static func aNewRowFromAChooserIsSavedWithItsParent(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, "INSERT INTO film (film_id, title, language_id) VALUES (1003, 'NESTED', 1)")
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    let languages = try db.count(FetchSpecification(entityName: "Language"))
    let chooser = EditingFixture.screen(&app, "Enter \\ title Space = Space 'NESTED' Enter Enter e Down Enter")
    #expect(chooser.contains("n New"), "the chooser offers a new row:\n\(chooser)")
    let nested = EditingFixture.screen(&app, "n")
    #expect(nested.contains("New Language"), "\(nested)")
    let dropped = EditingFixture.screen(&app, "Escape")
    #expect(!dropped.contains("New Language") && dropped.contains("Choose Language"), "Esc drops only it:\n\(dropped)")
    let handed = EditingFixture.screen(&app, "n Down Klingon C-s")
    #expect(handed.contains("+ Klingon (new)"), "shown as new in the editor that asked:\n\(handed)")
    #expect(try db.count(FetchSpecification(entityName: "Language")) == languages, "nothing written yet")

    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved Film “NESTED”"), "\(saved)")
    let klingon = try #require(
      try db.fetch(FetchSpecification(entityName: "Language", qualifier: try Qualifier(parsing: "name = 'Klingon'")))
        .rows.first)
    #expect(try db.row(of: "Film", key: ["id": .integer(1003)])?["languageId"] == klingon["id"])
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("and 1 more change of the same save"), "\(undone)")
    #expect(try db.count(FetchSpecification(entityName: "Language")) == languages, "u undoes the new language too")
    #expect(try db.row(of: "Film", key: ["id": .integer(1003)])?["languageId"] == .integer(1))
  }

  static func aFailedSaveWritesNeitherAndKeepsTheInput(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, "INSERT INTO film (film_id, title, language_id) VALUES (1004, 'CLASH', 1)")
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    let languages = try db.count(FetchSpecification(entityName: "Language"))
    _ = EditingFixture.screen(&app, "Enter \\ title Space = Space 'CLASH' Enter Enter e Down Enter n Down Vulcan C-s")
    // Someone else renames the film meanwhile: the film's update is a conflict.
    try db.apply([
      .update(
        entity: "Film", key: ["id": .integer(1004)], values: ["title": .text("CLASHED")],
        original: ["title": .text("CLASH")])
    ])
    let refused = EditingFixture.screen(&app, "C-s")
    #expect(refused.contains("Changed by someone else"), "\(refused)")
    #expect(try db.count(FetchSpecification(entityName: "Language")) == languages, "the new language was rolled back")
    let kept = EditingFixture.screen(&app, "Escape")
    #expect(kept.contains("+ Vulcan (new)"), "the input is kept:\n\(kept)")
  }
}
