import Access
import Foundation
import Journal
import Testing

/// Undo and redo steps from the change journal, applied to a real database with the
/// usual conflict check.
@Suite struct JournalApplyTests {
  static let backends = IntegrationTests.backends

  @Test(arguments: backends) func undoRedoAndConflicts(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let db = fixture.database
    let key: [String: DatabaseValue] = ["id": .integer(4)]
    func lastName() throws -> DatabaseValue? { try db.row(of: "Actor", key: key)?["lastName"] }

    let change = Change.update(
      entity: "Actor", key: key, values: ["lastName": .text("Changed")],
      original: ["lastName": .text("Smith")])
    let outcome = try #require(try db.apply([change]).first)
    var journal = ChangeJournal()
    journal.record(
      JournalEntry(
        change: change, outcome: outcome, primaryKey: ["id"], connection: db.adaptor.connectionID,
        user: "tester"))

    let undo = try #require(journal.nextUndo)
    try db.apply([undo.change])
    journal.didUndo()
    #expect(try lastName() == .text("Smith"))

    let redo = try #require(journal.nextRedo)
    try db.apply([redo.change])
    journal.didRedo()
    #expect(try lastName() == .text("Changed"))

    let other = try fixture.secondConnection()
    defer { other.close() }
    try other.withChannel {
      try $0.execute(SQLStatement("UPDATE actor SET last_name = 'Theirs' WHERE actor_id = 4"))
    }
    let step = try #require(journal.nextUndo)
    #expect(throws: Conflict.self) { try db.apply([step.change]) }
    #expect(journal.canUndo, "the cursor stays when the step is refused")
    #expect(try lastName() == .text("Theirs"))
  }
}
