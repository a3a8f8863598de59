import Access
import Foundation
import History
import Journal
import Testing

@Suite struct ChangeJournalTests {
  static let time = Date(timeIntervalSince1970: 1_700_000_000)

  static func rename(_ id: Int64, from old: String, to new: String) -> JournalEntry {
    JournalEntry(
      connection: "SQLite /tmp/x.db", entity: "Actor", key: ["id": .integer(id)],
      before: ["lastName": .text(old)], after: ["lastName": .text(new)], time: time, user: "ann")
  }

  @Test func undoAndRedoStepThroughTheJournal() {
    var journal = ChangeJournal()
    journal.record(Self.rename(1, from: "A", to: "B"))
    journal.record(Self.rename(1, from: "B", to: "C"))
    #expect(journal.nextRedo == nil)

    let undo = try? #require(journal.nextUndo)
    #expect(undo?.step == .undo)
    #expect(
      undo?.change
        == .update(
          entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("B")],
          original: ["lastName": .text("C")]))
    journal.didUndo()
    #expect(journal.nextUndo?.after == ["lastName": .text("A")])
    journal.didUndo()
    #expect(!journal.canUndo)

    #expect(journal.nextRedo?.after == ["lastName": .text("B")])
    #expect(journal.nextRedo?.step == .redo)
    journal.didRedo()
    journal.record(Self.rename(1, from: "B", to: "Z"))
    #expect(
      journal.entries.map { $0.after?["lastName"] } == [.text("B"), .text("Z")],
      "a new change drops the undone one")
    #expect(!journal.canRedo)
  }

  /// B, C, then D saved over someone else's Y (Overwrite: D's before is Y). Undoing D
  /// restores Y; undoing C must then find the row changed by someone else (Y, not C), so
  /// its expectation is not moved to what the undo stored. A column the step did not set
  /// (a trigger's `lastUpdate`) is.
  @Test func anUndoThatRestoresSomeoneElsesValueLeavesTheNextUndoExpectingItsOwn() {
    var journal = ChangeJournal()
    journal.record(Self.rename(1, from: "A", to: "B"))
    var c = Self.rename(1, from: "B", to: "C")
    c.after?["lastUpdate"] = .integer(2)
    journal.record(c)
    journal.record(Self.rename(1, from: "Y", to: "D"))
    let undoD = try? #require(journal.nextUndo)
    journal.didUndo()
    journal.rowStored(
      entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("Y"), "lastUpdate": .integer(9)],
      written: undoD?.after ?? [:])
    #expect(
      journal.nextUndo?.change
        == .update(
          entity: "Actor", key: ["id": .integer(1)], values: ["lastName": .text("B")],
          original: ["lastName": .text("C"), "lastUpdate": .integer(9)]),
      "C's own column still expects C (the undo is refused); the trigger's column moved")
  }

  @Test func entriesFromAppliedChanges() {
    let row = Row(columns: ["id", "name"], values: [.integer(7), .text("New")])
    let insert = JournalEntry(
      change: .insert(entity: "Tag", values: ["name": .text("New")]), outcome: .inserted(row),
      primaryKey: ["id"], connection: "c", user: "u", time: Self.time)
    #expect(insert.key == ["id": .integer(7)])
    #expect(insert.before == nil)
    #expect(insert.after == ["id": .integer(7), "name": .text("New")])
    #expect(
      insert.inverse.change
        == .delete(
          entity: "Tag", key: ["id": .integer(7)], original: ["id": .integer(7), "name": .text("New")]))

    let update = JournalEntry(
      change: .update(
        entity: "Tag", key: ["id": .integer(7)], values: ["name": .text("B")],
        original: ["id": .integer(7), "name": .text("A")]),
      outcome: .updated(row), primaryKey: ["id"], connection: "c", user: "u", time: Self.time)
    #expect(update.before == ["name": .text("A")], "only the attributes it set")

    let delete = JournalEntry(
      change: .delete(entity: "Tag", key: ["id": .integer(7)], original: ["id": .integer(7), "name": .text("B")]),
      outcome: .deleted, primaryKey: ["id"], connection: "c", user: "u", time: Self.time)
    #expect(delete.inverse.change == .insert(entity: "Tag", values: ["id": .integer(7), "name": .text("B")]))
  }

  @Test func storeKeepsEveryValueTypeAndFiltersByTime() throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("d2t-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JournalStore(connectionID: "SQLite /tmp/x.db", directory: directory)
    let values: [String: DatabaseValue] = [
      "i": .integer(-3), "d": .decimal("4.99"), "r": .real(0.1), "t": .text("it's \"x\"\n"),
      "b": .bool(true), "blob": .blob([0, 10, 255]), "date": .date(SQLDate(year: 2005, month: 5, day: 24)),
      "time": .time(SQLTime(hour: 22, minute: 53, second: 30, microsecond: 500_000)),
      "ts": .timestamp(
        SQLTimestamp(
          date: SQLDate(year: 2005, month: 5, day: 24), time: SQLTime(hour: 1, minute: 2), utcOffsetSeconds: 7200)),
      "u": .uuid(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!), "j": .json("{\"a\":1}"),
      "a": .array([.text("x"), .null]), "n": .null,
    ]
    let old = JournalEntry(
      connection: "c", entity: "E", key: ["i": .integer(1)], before: nil, after: values,
      time: Self.time, user: "ann")
    var new = Self.rename(2, from: "A", to: "B")
    new.time = Self.time.addingTimeInterval(3600)
    try store.append(old)
    try store.append(new)

    #expect(store.load() == [old, new])
    #expect(store.load(since: Self.time.addingTimeInterval(60)) == [new])
    let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let firstLine = try String(contentsOf: store.url, encoding: .utf8).split(separator: "\n")[0]
    #expect(firstLine.contains("\"d\":{\"decimal\":\"4.99\"}"))
    #expect(firstLine.contains("\"blob\":{\"blob\":\"000aff\"}"))
    #expect(firstLine.contains("\"n\":null"))
  }

  @Test func sqlRedoesAndUndoesWithQuotedNamesAndEscapedLiterals() {
    let entry = JournalEntry(
      connection: "c", entity: "Actor", key: ["id": .integer(3)],
      before: ["lastName": .text("O'Hara"), "flag": .bool(false)],
      after: ["lastName": .text("D\"Arcy"), "flag": .bool(true)], time: Self.time, user: "u")
    let postgres = JournalSQL(model: nil, dialect: .postgresql)
    #expect(
      postgres.statement(entry)
        == #"UPDATE "Actor" SET "flag" = TRUE, "lastName" = 'D"Arcy' WHERE "id" = 3;"#)
    #expect(
      JournalSQL(model: nil, dialect: .sqlite).statement(entry.inverse)
        == #"UPDATE "Actor" SET "flag" = 0, "lastName" = 'O''Hara' WHERE "id" = 3;"#)
    let insert = JournalEntry(
      connection: "c", entity: "Tag", key: ["id": .integer(1)], before: nil,
      after: ["id": .integer(1), "data": .blob([1, 2])], time: Self.time, user: "u")
    #expect(postgres.statement(insert) == #"INSERT INTO "Tag" ("data", "id") VALUES ('\x0102'::bytea, 1);"#)
    #expect(postgres.statement(insert.inverse) == #"DELETE FROM "Tag" WHERE "id" = 1;"#)
  }

  /// A batch change's step (issue 24): kept in the file with each row's key and values
  /// before, undone to each row's own value, printed as a statement a row.
  @Test func aBatchStepKeepsEveryRowsValueBefore() throws {
    let rows = BatchRows(
      keyColumns: ["id"], columns: ["rating"], after: ["rating": .text("PG")],
      keys: [[.integer(1)], [.integer(2)], [.integer(3)]], before: [[.text("G")], [.null], [.text("G")]])
    let entry = JournalEntry(
      change: .updateRows(entity: "Film", rows: rows, undoing: false), outcome: .updatedRows(3), primaryKey: ["id"],
      connection: "c", user: "u", time: Self.time)
    #expect(entry.change == .updateRows(entity: "Film", rows: rows, undoing: false))
    #expect(entry.inverse.change == .updateRows(entity: "Film", rows: rows, undoing: true))
    #expect(rows.before(at: 1) == ["rating": .null] && rows.key(at: 2) == ["id": .integer(3)])

    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("d2t-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = JournalStore(connectionID: "c", directory: directory)
    try store.append(entry)
    #expect(store.load() == [entry], "the rows survive the file")

    let sql = JournalSQL(model: nil, dialect: .sqlite)
    #expect(
      sql.statement(entry.inverse).split(separator: "\n") == [
        #"UPDATE "Film" SET "rating" = 'G' WHERE "id" = 1;"#, #"UPDATE "Film" SET "rating" = NULL WHERE "id" = 2;"#,
        #"UPDATE "Film" SET "rating" = 'G' WHERE "id" = 3;"#,
      ])
  }
}
