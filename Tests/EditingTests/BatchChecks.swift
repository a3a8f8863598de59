import Access
import DirectToTerminal
import Foundation
import Testing

/// Issue 24 items 2 and 3: a batch change of the marked rows (previewed by the database in a
/// transaction rolled back, applied in one `UPDATE`, undone row by row, conflict-checked)
/// and a batch delete (dependents for the whole set, cascades and cleared links brought back
/// by one undo).
enum BatchChecks {
  static let schema = """
    CREATE TABLE batch_owner (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(40) NOT NULL,
      score INTEGER NOT NULL, rate DECIMAL(6,2), CONSTRAINT batch_score_check CHECK (score >= 0));
    CREATE TABLE batch_item (id INTEGER NOT NULL PRIMARY KEY, owner_id INTEGER, label VARCHAR(40),
      FOREIGN KEY (owner_id) REFERENCES batch_owner (id) ON DELETE CASCADE);
    CREATE TABLE batch_part (id INTEGER NOT NULL PRIMARY KEY, item_id INTEGER, label VARCHAR(40),
      FOREIGN KEY (item_id) REFERENCES batch_item (id) ON DELETE CASCADE);
    CREATE TABLE batch_note (id INTEGER NOT NULL PRIMARY KEY, owner_id INTEGER, body VARCHAR(40),
      FOREIGN KEY (owner_id) REFERENCES batch_owner (id) ON DELETE SET NULL);
    INSERT INTO batch_owner (id, name, score) VALUES (1, 'ann', 1), (2, 'bob', 2), (3, 'cy', 3), (4, 'di', 4),
      (5, 'ed', 5);
    INSERT INTO batch_item (id, owner_id, label) VALUES (10, 1, 'a'), (11, 1, 'b'), (12, 2, 'c'), (13, 3, 'd');
    INSERT INTO batch_part (id, item_id, label) VALUES (100, 10, 'x'), (101, 12, 'y'), (102, 13, 'z');
    INSERT INTO batch_note (id, owner_id, body) VALUES (200, 1, 'n1'), (201, 2, 'n2'), (202, 4, 'n4');
    """

  static func app(_ fixture: EditingFixture, log: SQLLog = SQLLog()) throws -> D2TApp {
    try FollowChecks.change(fixture, schema)
    return try fixture.app(
      rules: ["visibleEntityNames <= (BatchOwner, BatchItem, BatchNote)", "sortOrderings <= (id)"], log: log)
  }

  static func column(_ fixture: EditingFixture, _ sql: String) throws -> [String] {
    let db = try fixture.otherUser()
    defer { db.close() }
    return try db.withChannel { try $0.query(SQLStatement(sql)) }.map {
      $0.values.first.map { $0.isNull ? "" : ($0.int64Value.map(String.init) ?? $0.stringValue ?? "?") } ?? "?"
    }
  }

  static func scores(_ fixture: EditingFixture) throws -> [String] {
    try column(fixture, "SELECT score FROM batch_owner ORDER BY id")
  }

  static func aBatchChangeIsPreviewedAppliedAndUndone(_ fixture: EditingFixture) throws {
    let log = SQLLog()
    var app = try app(fixture, log: log)
    // Score is the third field (Id, read-only, then Name, then Score).
    let form = EditingFixture.screen(&app, "Enter Space Space Space e Tab")
    #expect(form.contains("Change 3 marked of Batch Owner") && form.contains("· unchanged ·"), "\(form)")
    let refused = EditingFixture.screen(&app, "- 5 C-s")
    #expect(refused.contains("Cannot change 3 rows"), "\(refused)")
    #expect(refused.contains("3 of 3 rows would break it"), "the database counts the rows it refuses:\n\(refused)")
    #expect(try scores(fixture) == ["1", "2", "3", "4", "5"], "a preview writes nothing")
    let asked = EditingFixture.screen(&app, "Enter BSpace BSpace 7 C-s")
    #expect(asked.contains("Change 3 rows") && asked.contains("UPDATE"), "\(asked)")
    #expect(asked.contains("Tried in a transaction that was rolled back"), "\(asked)")
    let before = log.recent().count
    let done = EditingFixture.screen(&app, "Left Enter")
    #expect(done.contains("Changed 3 rows of Batch Owner: Score"), "\(done)")
    #expect(try scores(fixture) == ["7", "7", "7", "4", "5"])
    let updates = log.recent().dropFirst(before).filter { $0.sql.hasPrefix("UPDATE") }
    #expect(updates.count == 1, "one UPDATE for every row: \(updates.map(\.sql))")

    try FollowChecks.change(fixture, "UPDATE batch_owner SET score = 9 WHERE id = 2")
    let blocked = EditingFixture.screen(&app, "u")
    #expect(blocked.contains("Cannot undo 3 rows of Batch Owner"), "\(blocked)")
    #expect(blocked.contains("someone else changed or deleted a row"), "\(blocked)")
    #expect(try scores(fixture) == ["7", "9", "7", "4", "5"], "nothing undone when one row moved on")
    try FollowChecks.change(fixture, "UPDATE batch_owner SET score = 7 WHERE id = 2")
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("Undone: 3 rows of Batch Owner"), "\(undone)")
    #expect(try scores(fixture) == ["1", "2", "3", "4", "5"], "each row back to its own value")
    _ = EditingFixture.screen(&app, "U")
    #expect(try scores(fixture) == ["7", "7", "7", "4", "5"], "redone")

    // A decimal typed with a trailing zero (SQLite keeps 2.50 as the REAL 2.5) undoes too.
    let rated = EditingFixture.screen(&app, "e Tab Tab 2 . 5 0 C-s Left Enter")
    #expect(rated.contains("Changed 3 rows of Batch Owner: Rate"), "\(rated)")
    let back = EditingFixture.screen(&app, "u")
    #expect(back.contains("Undone: 3 rows of Batch Owner"), "\(back)")
    #expect(try column(fixture, "SELECT rate FROM batch_owner ORDER BY id") == ["", "", "", "", ""])
  }

  static func aRowChangedSinceItWasMarkedIsNamed(_ fixture: EditingFixture) throws {
    var app = try app(fixture)
    _ = EditingFixture.screen(&app, "Enter Space Space Space")
    try FollowChecks.change(fixture, "UPDATE batch_owner SET score = 50 WHERE id = 2")
    let asked = EditingFixture.screen(&app, "e Tab 8 C-s")
    #expect(asked.contains("Marked rows changed") && asked.contains("Score was 2, now 50"), "\(asked)")
    let done = EditingFixture.screen(&app, "Left Left Enter")
    #expect(done.contains("Changed 2 rows"), "\(done)")
    #expect(try scores(fixture) == ["8", "50", "8", "4", "5"], "the row changed elsewhere is left out")
  }

  static func everyRowOfAFilterIsChangedByItsCondition(_ fixture: EditingFixture) throws {
    let log = SQLLog()
    var app = try app(fixture, log: log)
    let asked = EditingFixture.screen(&app, "Enter \\ score Space > Space 2 Enter * e Tab BSpace 6 C-s")
    #expect(asked.contains("Change 3 rows"), "\(asked)")
    #expect(
      asked.contains("score\" > ") || asked.contains("score` > "),
      "the filter's condition, not a list of keys:\n\(asked)")
    _ = EditingFixture.screen(&app, "Left Enter")
    #expect(try scores(fixture) == ["1", "2", "6", "6", "6"])
    _ = EditingFixture.screen(&app, "u")
    #expect(try scores(fixture) == ["1", "2", "3", "4", "5"])
    // A field typed into, then left unchanged again (Ctrl-G): nothing to change.
    let left = EditingFixture.screen(&app, "e x C-g C-s")
    #expect(left.contains("Nothing to change"), "\(left)")
    // The filter dropped, the list shows rows `*` did not mark: the marks go, said.
    let narrowed = EditingFixture.screen(&app, "Escape \\ C-e Space and Space score Space < Space 5 Enter")
    #expect(narrowed.contains("3 marked"), "a narrower filter keeps the marks:\n\(narrowed)")
    let cleared = EditingFixture.screen(&app, "\\ C-u Enter")
    #expect(cleared.contains("The marks were of the rows of another filter: cleared"), "\(cleared)")
    #expect(!cleared.contains("marked"), "\(cleared)")
  }

  static func aBatchDeleteTakesItsDependentsAndUndoBringsThemBack(_ fixture: EditingFixture) throws {
    var app = try app(fixture)
    let asked = EditingFixture.screen(&app, "Enter Space Space d")
    #expect(asked.contains("Delete 2 rows"), "\(asked)")
    #expect(asked.contains("3 rows of Batch Items will be deleted with them"), "\(asked)")
    #expect(asked.contains("2 rows of Batch Parts will be deleted with them"), "cascades of cascades:\n\(asked)")
    #expect(asked.contains("2 rows of Batch Notes will point to nothing"), "\(asked)")
    let done = EditingFixture.screen(&app, "Left Enter")
    #expect(
      done.contains("Deleted 2 rows of Batch Owner and 5 rows with them; 2 rows now point to nothing — u undoes"),
      "\(done)")
    #expect(try column(fixture, "SELECT id FROM batch_owner ORDER BY id") == ["3", "4", "5"])
    #expect(try column(fixture, "SELECT id FROM batch_item ORDER BY id") == ["13"])
    #expect(try column(fixture, "SELECT id FROM batch_part ORDER BY id") == ["102"])
    #expect(try column(fixture, "SELECT owner_id FROM batch_note ORDER BY id") == ["", "", "4"])
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("Undone"), "\(undone)")
    #expect(try column(fixture, "SELECT id FROM batch_owner ORDER BY id") == ["1", "2", "3", "4", "5"])
    #expect(try column(fixture, "SELECT owner_id FROM batch_item ORDER BY id") == ["1", "1", "2", "3"])
    #expect(try column(fixture, "SELECT item_id FROM batch_part ORDER BY id") == ["10", "12", "13"])
    #expect(try column(fixture, "SELECT owner_id FROM batch_note ORDER BY id") == ["1", "2", "4"])
  }
}

/// Issue 24 item 5: a value edited in place in the list.
enum CellChecks {
  static func aCellIsEditedInPlace(_ fixture: EditingFixture) throws {
    var app = try BatchChecks.app(fixture)
    let names = { try BatchChecks.column(fixture, "SELECT name FROM batch_owner ORDER BY id") }
    let editing = EditingFixture.screen(&app, "Enter ] c")
    #expect(editing.contains("Name: Enter saves · Tab saves and edits the next · Esc drops"), "\(editing)")
    let saved = EditingFixture.screen(&app, "C-u a n n e Tab")
    #expect(saved.contains("Saved Name of Batch Owner “anne”"), "\(saved)")
    #expect(try names() == ["anne", "bob", "cy", "di", "ed"])
    #expect(saved.contains("Score: "), "Tab edits the next cell:\n\(saved)")
    let refused = EditingFixture.screen(&app, "C-u x Enter")
    #expect(refused.contains("⚠ Score: a whole number"), "the editor's validation:\n\(refused)")
    _ = EditingFixture.screen(&app, "Escape")
    #expect(try BatchChecks.scores(fixture) == ["1", "2", "3", "4", "5"], "Esc drops the change")
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("Undone"), "\(undone)")
    #expect(try names() == ["ann", "bob", "cy", "di", "ed"])

    // Someone else changes the row while its cell is edited: said, then saved over on Enter.
    _ = EditingFixture.screen(&app, "r [ c C-u z o e")
    try FollowChecks.change(fixture, "UPDATE batch_owner SET name = 'other' WHERE id = 1")
    let conflict = EditingFixture.screen(&app, "Enter")
    #expect(conflict.contains("⚠ Name: changed by someone else (now 'other')"), "\(conflict)")
    #expect(try names().first == "other")
    let over = EditingFixture.screen(&app, "Enter")
    #expect(over.contains("Saved Name of Batch Owner “zoe”"), "\(over)")
    #expect(try names().first == "zoe")
  }
}

extension BatchChecks {
  /// Esc while a batch change waits for a lock held by another client: cancelled, and never
  /// committed once the lock is gone.
  static func escOnABatchChangeWaitingForALockCancelsIt(_ fixture: EditingFixture) throws {
    var app = try app(fixture)
    _ = EditingFixture.screen(&app, "Enter Space Space e Tab BSpace 7 C-s Left")
    let other = try fixture.otherUser()
    defer { other.close() }
    try other.withChannel { channel in
      switch fixture.backend {
      case .sqlite: try channel.executeScript("BEGIN EXCLUSIVE")
      case .postgresql, .mariadb:
        try channel.begin()
        _ = try channel.query(SQLStatement("SELECT id FROM batch_owner WHERE id = 1 FOR UPDATE"))
      }
    }
    let cancelled = EditingFixture.screen(&app, "{ Enter Escape }")
    #expect(cancelled.contains("Cancel"), "\(cancelled)")
    try other.withChannel { try $0.rollback() }
    app.settle()
    #expect(try scores(fixture) == ["1", "2", "3", "4", "5"], "a cancelled batch change is never committed")
    let form = EditingFixture.screen(&app, "")
    #expect(form.contains("Change 2 marked of Batch Owner"), "the form stays, with its input:\n\(form)")
  }
}

extension BatchChecks {
  /// `ON DELETE SET NULL` on a NOT NULL column (SQLite and PostgreSQL accept it; MariaDB
  /// refuses such a key): the rows refuse the delete, said before anything is tried.
  static func aSetNullOnARequiredColumnRefusesTheDelete(_ fixture: EditingFixture) throws {
    guard fixture.backend != .mariadb else { return }
    try FollowChecks.change(
      fixture,
      schema + """
        CREATE TABLE batch_tag (id INTEGER NOT NULL PRIMARY KEY, owner_id INTEGER NOT NULL,
          FOREIGN KEY (owner_id) REFERENCES batch_owner (id) ON DELETE SET NULL);
        INSERT INTO batch_tag (id, owner_id) VALUES (1, 5);
        """)
    var app = try fixture.app(rules: ["visibleEntityNames <= (BatchOwner)", "sortOrderings <= (id)"])
    let asked = EditingFixture.screen(&app, "Enter End Space d")
    #expect(asked.contains("Cannot delete"), "\(asked)")
    #expect(asked.contains("refers to them and cannot point to"), "\(asked)")
  }
}

extension BatchChecks {
  /// Every marked row deleted elsewhere before `e` or `d` acts: said, nothing written, no
  /// empty journal step.
  static func marksThatAllWentElsewhereChangeNothing(_ fixture: EditingFixture) throws {
    var app = try app(fixture)
    _ = EditingFixture.screen(&app, "Enter End Space e Tab BSpace 7")
    try FollowChecks.change(fixture, "DELETE FROM batch_owner WHERE id = 5")
    let none = EditingFixture.screen(&app, "C-s")
    #expect(none.contains("No marked row is left to change"), "\(none)")
    let undo = EditingFixture.screen(&app, "Escape Left Enter u")
    #expect(undo.contains("Nothing to undo"), "no empty step was recorded:\n\(undo)")
  }
}
