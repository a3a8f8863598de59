import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// The change journal in the app (issue #15 item 3): `u` and `U` walk it step by step, each
/// step checked for conflicts; `J` lists it; `keepsJournal` writes it to a file.
enum JournalChecks {
  static func undoAndRedoWalkTheJournal(_ fixture: EditingFixture) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var app = try fixture.app(
      rules: ["visibleEntityNames <= (Category)", "keepsJournal <= true"], journalDirectory: directory)
    let db = try fixture.otherUser()
    defer { db.close() }
    func name(_ id: Int64) throws -> DatabaseValue? {
      try db.row(of: "Category", key: ["id": .integer(id)])?["name"]
    }

    _ = EditingFixture.screen(&app, "Enter n Down One C-s Escape n Down Two C-s e Down C-u Deux C-s")
    #expect(try name(17) == .text("One"))
    #expect(try name(18) == .text("Deux"))

    let undoUpdate = EditingFixture.screen(&app, "u")
    #expect(undoUpdate.contains("Undone: Deux (2 more with u)"))
    #expect(try name(18) == .text("Two"))
    let undoInsert = EditingFixture.screen(&app, "u")
    #expect(undoInsert.contains("Undone: Two (1 more with u)"))
    #expect(try name(18) == nil, "undoing an insert deletes the row")
    #expect(try name(17) == .text("One"), "one step at a time")

    let redoInsert = EditingFixture.screen(&app, "U")
    #expect(redoInsert.contains("Redone: Two (1 more with U)"))
    #expect(try name(18) == .text("Two"))
    let redoUpdate = EditingFixture.screen(&app, "U")
    #expect(redoUpdate.contains("Redone: Deux"))
    #expect(try name(18) == .text("Deux"))
    #expect(EditingFixture.screen(&app, "U").contains("Nothing to redo"))

    let burst = EditingFixture.screen(&app, "{ u u }")
    #expect(burst.contains("Undone: Two (1 more with u)"), "keys pressed while a step runs wait their turn")
    #expect(try name(18) == nil)
    _ = EditingFixture.screen(&app, "{ U U }")
    #expect(try name(18) == .text("Deux"))

    try db.apply([
      .update(entity: "Category", key: ["id": .integer(18)], values: ["name": .text("Outside")], original: [:])
    ])
    let refused = EditingFixture.screen(&app, "u")
    #expect(refused.contains("Cannot undo Deux"))
    #expect(try name(18) == .text("Outside"), "a step that conflicts is not applied")

    let journal = EditingFixture.screen(&app, "J", size: Size(width: 240, height: 40))
    #expect(journal.contains("─ Journal (3) "))
    let lines = journal.split(separator: "\n")
    let update = try #require(lines.firstIndex { $0.contains("updated   Category “Deux”  name: Two → Deux") })
    let two = try #require(lines.firstIndex { $0.contains("inserted  Category “Two”") })
    let one = try #require(lines.firstIndex { $0.contains("inserted  Category “One”") })
    #expect(update < two && two < one, "newest first")

    let opened = EditingFixture.screen(&app, "Enter")
    #expect(opened.contains("Outside"), "Enter opens the row as it is now")

    let deleting = EditingFixture.screen(&app, "Escape Escape Escape G d Left Enter")
    #expect(deleting.contains("Deleted Category “Deux”"), "\(deleting)")
    let narrow = EditingFixture.screen(&app, "u U J", size: Size(width: 100, height: 30))
    let deletedLine = try #require(narrow.split(separator: "\n").first { $0.contains("deleted ") }, "\(narrow)")
    #expect(
      deletedLine.contains("Category “Deux”") && !deletedLine.contains("“Category"),
      "the entity's name once:\n\(narrow)")
    let gone = EditingFixture.screen(&app, "Enter")
    #expect(gone.contains("was deleted by this change — undoing it (u) restores the row"), "\(gone)")
    let undone = EditingFixture.screen(&app, "u", size: Size(width: 100, height: 30))
    #expect(
      undone.split(separator: "\n").contains { $0.contains("↶ ") && $0.contains("deleted ") },
      "an undone line is marked at its start, seen at any width:\n\(undone)")

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files.count == 1)
    let text = try String(contentsOf: directory.appendingPathComponent(files[0]), encoding: .utf8)
    let steps = text.split(separator: "\n").map { line in
      line.contains("\"step\":\"undo\"") ? "undo" : line.contains("\"step\":\"redo\"") ? "redo" : "change"
    }
    #expect(
      steps == [
        "change", "change", "change", "undo", "undo", "redo", "redo", "undo", "undo", "redo", "redo", "change", "undo",
        "redo", "undo",
      ])

    // Issue 22 item 20: a new session on the same connection goes on with the kept journal.
    var again = try fixture.app(
      rules: ["visibleEntityNames <= (Category)", "keepsJournal <= true"], journalDirectory: directory)
    let listed = EditingFixture.screen(&again, "J", size: Size(width: 240, height: 40))
    #expect(listed.contains("─ Journal (4) "), "the last session's changes are listed:\n\(listed)")
    #expect(listed.contains("inserted  Category “One”"), "\(listed)")
    let redone = EditingFixture.screen(&again, "Escape U")
    #expect(redone.contains("Redone: "), "the cursor is where the last session left it:\n\(redone)")
    #expect(try name(18) == nil, "the redo of the delete deleted the row again")
    let undoneAgain = EditingFixture.screen(&again, "u")
    #expect(undoneAgain.contains("Undone: "), "\(undoneAgain)")
    #expect(try name(18) == .text("Outside"))
  }

  /// A refused redo names the row as it is while the change is undone (its title before
  /// the change), not as the redo would make it.
  static func aRefusedRedoNamesTheRowAsItIs(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let db = try fixture.otherUser()
    defer { db.close() }
    _ = EditingFixture.screen(&app, "Enter n Down One C-s e Down C-u Uno C-s")
    #expect(try db.row(of: "Category", key: ["id": .integer(17)])?["name"] == .text("Uno"))
    _ = EditingFixture.screen(&app, "u")
    try db.apply([
      .update(entity: "Category", key: ["id": .integer(17)], values: ["name": .text("Outside")], original: [:])
    ])
    let refused = EditingFixture.screen(&app, "U")
    #expect(refused.contains("Cannot redo One") && !refused.contains("Cannot redo Uno"), "\(refused)")
  }

  /// A new row undone and redone comes back as it was stored — with the default the
  /// database gave it then, not the one it would give now.
  static func aRedoneNewRowKeepsItsDefaults(_ fixture: EditingFixture) throws {
    let key: String
    switch fixture.backend {
    case .sqlite: key = "INTEGER PRIMARY KEY"
    case .postgresql: key = "SERIAL PRIMARY KEY"
    case .mariadb: key = "INTEGER AUTO_INCREMENT PRIMARY KEY"
    }
    try FollowChecks.change(
      fixture, "CREATE TABLE memo (id \(key), body VARCHAR(20) NOT NULL, kind VARCHAR(10) NOT NULL DEFAULT 'plain')")
    var app = try fixture.app(rules: ["visibleEntityNames <= (Memo)"])
    let db = try fixture.otherUser()
    defer { db.close() }
    let saved = EditingFixture.screen(&app, "Enter n Down hello C-s")
    #expect(saved.contains("Saved new Memo"), "\(saved)")
    _ = EditingFixture.screen(&app, "Escape u")
    #expect(try db.count(FetchSpecification(entityName: "Memo")) == 0)
    if fixture.backend != .sqlite {
      // SQLite cannot change a column's default; the other engines show the redo keeps it.
      try FollowChecks.change(fixture, "ALTER TABLE memo ALTER COLUMN kind SET DEFAULT 'other'")
    }
    let redone = EditingFixture.screen(&app, "U")
    #expect(redone.contains("Redone:"), "\(redone)")
    let memo = try #require(try db.fetch(FetchSpecification(entityName: "Memo")).rows.first)
    #expect(memo["kind"]?.stringValue == "plain" && memo["body"]?.stringValue == "hello", "\(memo)")
  }
}
