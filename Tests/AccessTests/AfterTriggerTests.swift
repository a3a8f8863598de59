import Access
import Foundation
import SQLiteAdaptor
import Testing

/// SQLite's `RETURNING` gives a row before its AFTER triggers ran; a save returns the row as
/// stored, so the journal's next undo expects what a trigger wrote (a `last_update`).
@Suite struct AfterTriggerTests {
  @Test func aSavedRowIsReadAfterItsTriggers() throws {
    let path = NSTemporaryDirectory() + "d2t-trigger-\(UUID().uuidString).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript(
      """
      CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, touched INTEGER NOT NULL DEFAULT 0);
      CREATE TRIGGER note_au AFTER UPDATE OF body ON note BEGIN
        UPDATE note SET touched = touched + 1 WHERE id = new.id;
      END;
      CREATE TRIGGER note_ai AFTER INSERT ON note BEGIN
        UPDATE note SET touched = 10 WHERE id = new.id;
      END;
      """)
    channel.close()
    let db = try Database(adaptor: SQLiteAdaptor(path: path))
    defer { db.close() }
    let inserted = try db.apply([.insert(entity: "Note", values: ["body": .text("a")])])
    guard case .inserted(let row)? = inserted.first else { Issue.record("no row"); return }
    #expect(row["touched"] == .integer(10), "the insert trigger's value: \(row)")
    let updated = try db.apply([
      .update(entity: "Note", key: ["id": row["id"] ?? .null], values: ["body": .text("b")], original: row.dictionary)
    ])
    guard case .updated(let after)? = updated.first else { Issue.record("no row"); return }
    #expect(after["touched"] == .integer(11), "the update trigger's value: \(after)")
  }
}
