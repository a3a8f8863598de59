import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// Panes follow the database (issue #15 item 1): what another client changes shows up
/// without a key, the cursor stays on its row, changed rows are marked, and following
/// costs one small statement per visible pane and check — none that fetches rows while
/// nothing changed.
enum FollowChecks {
  static func listFollowsAnotherClient(_ fixture: EditingFixture) throws {
    let log = SQLLog()
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"], log: log)
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.apply([.insert(entity: "Category", values: ["id": .integer(18), "name": .text("Temporary")])])
    let before = EditingFixture.screen(&app, "Enter Down Down Down Down")
    #expect(before.contains("5/17"), "the cursor on Comedy, the 5th of 17 rows")

    // MySQL's token treats a table changed within the last second as changed at each check
    // (two commits in one second share their UPDATE_TIME): idle begins a second later.
    if fixture.backend == .mariadb { Thread.sleep(forTimeInterval: 1.1) }
    app.follow()
    _ = EditingFixture.screen(&app, "")
    let quiet = log.recent().count
    for _ in 0..<3 { app.follow(); _ = EditingFixture.screen(&app, "") }
    let idle = log.recent().dropFirst(quiet)
    let panes = fixture.backend == .sqlite ? 2 : 1
    #expect(idle.count == 3 * panes, "one small statement per check of each following pane: \(idle.map(\.sql))")
    #expect(
      idle.allSatisfy { Database.isChangeProbe($0.sql) },
      "no rows fetched while nothing changed: \(idle.map(\.sql))")

    try db.apply([
      .update(entity: "Category", key: ["id": .integer(2)], values: ["name": .text("Animated")], original: [:]),
      .insert(entity: "Category", values: ["id": .integer(0), "name": .text("Zzz Western")]),
      .delete(entity: "Category", key: ["id": .integer(18)], original: [:]),
      .insert(entity: "Category", values: ["id": .integer(19), "name": .text("Yet Another")]),
    ])
    app.follow()
    let after = EditingFixture.screen(&app, "")
    #expect(after.contains("Animated"), "an update by another client shows without a key")
    #expect(after.contains("Zzz Western"), "so does an insert")
    #expect(before.contains("Temporary") && !after.contains("Temporary"), "and a delete")
    #expect(after.contains("6/18"), "the cursor stays on Comedy, now 6th, by its key")
    #expect(after.contains("Category (18)"), "the count follows")
    if fixture.backend == .sqlite {
      #expect(after.contains("Category                 18"), "the entity list's count too")
    }
    #expect(
      after.split(separator: "\n").contains { $0.contains("•") && $0.contains("Animated") },
      "the changed row is marked")
  }

  /// The • of a changed row is drawn in the pane's left border: a right-aligned key that
  /// fills its column keeps every digit.
  static func changeMarkHidesNoData(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.apply([.insert(entity: "Category", values: ["id": .integer(100), "name": .text("Hundred")])])
    var app = try fixture.app(rules: [
      "visibleEntityNames <= (Category)",
      "task = 'list' and entity.name = 'Category' => displayPropertyKeys <= (id, name)",
    ])
    let before = EditingFixture.screen(&app, "Enter")
    #expect(before.contains("│100 Hundred"), "the id fills its column:\n\(before)")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    try db.apply([
      .update(entity: "Category", key: ["id": .integer(100)], values: ["name": .text("Hundreds")], original: [:])
    ])
    app.follow()
    let after = EditingFixture.screen(&app, "")
    #expect(after.contains("•100 Hundreds"), "marked beside the row, every digit shown:\n\(after)")
  }

  /// A change committed right after a pane's first fetch, before its first check: the
  /// check compares with a baseline taken before the fetch, so the pane still updates —
  /// the list, and the edit page, which flags the changed field.
  static func aChangeRightAfterTheFirstFetchIsFollowed(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let before = EditingFixture.screen(&app, "Enter")
    #expect(before.contains("Animation"), "\(before)")
    try db.apply([
      .update(entity: "Category", key: ["id": .integer(2)], values: ["name": .text("Animated")], original: [:])
    ])
    app.follow()
    let after = EditingFixture.screen(&app, "")
    #expect(after.contains("Animated"), "the first check saw the change:\n\(after)")

    var editor = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let editing = EditingFixture.screen(&editor, "Enter Down Down Enter e Down C-u Mine")
    #expect(editing.contains("Mine"), "\(editing)")
    try db.apply([.update(entity: "Category", key: ["id": .integer(3)], values: ["name": .text("Kids")], original: [:])]
    )
    editor.follow()
    let warned = EditingFixture.screen(&editor, "")
    #expect(warned.contains("⚠ database now: 'Kids'"), "the field being edited is flagged:\n\(warned)")
  }

  /// A pane follows the other tables it shows rows of: a row added to a join table
  /// (`film_actor`) changes the inspector's flattened to-many count (`Actors`), a renamed
  /// language the to-one's title — on PostgreSQL through those tables' change counters.
  static func relatedTablesAreFollowed(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Film)"])
    let opened = EditingFixture.screen(&app, #"Enter \ id Space = Space 1 Enter Enter"#)
    let count = try #require(actorsCount(opened), "\(opened)")
    try change(
      fixture,
      "INSERT INTO film_actor (actor_id, film_id) SELECT min(actor_id), 1 FROM actor "
        + "WHERE actor_id NOT IN (SELECT actor_id FROM film_actor WHERE film_id = 1)")
    let added = follow(&app) { actorsCount($0) == count + 1 }
    #expect(actorsCount(added) == count + 1, "the count follows the join table:\n\(added)")
    try change(
      fixture,
      "UPDATE language SET name = 'Klingon' WHERE language_id = (SELECT language_id FROM film WHERE film_id = 1)")
    let renamed = follow(&app) { $0.contains("Klingon") }
    #expect(renamed.contains("Klingon"), "the to-one's title follows its table:\n\(renamed)")

    let actors = EditingFixture.screen(&app, "G Up Enter")
    #expect(
      actors.contains("Actors (\(count + 1))") && actors.contains("1/\(count + 1) │"),
      "the film's actor list:\n\(actors)")
    try change(
      fixture,
      "INSERT INTO film_actor (actor_id, film_id) SELECT max(actor_id), 1 FROM actor "
        + "WHERE actor_id NOT IN (SELECT actor_id FROM film_actor WHERE film_id = 1)")
    let listed = follow(&app) { $0.contains("1/\(count + 2) │") }
    #expect(listed.contains("1/\(count + 2) │"), "the related list follows the join table:\n\(listed)")
  }

  /// A related list's count, in its title and in the breadcrumb, follows rows another
  /// client adds to or deletes from it (the count the inspector opened it with is not
  /// kept).
  static func relatedListCountFollows(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let opened = EditingFixture.screen(&app, "Enter Enter G Up Enter")
    let count = try #require(opened.firstMatch(of: /Film Categories \((\d+)\)/).flatMap { Int($0.1) }, "\(opened)")
    #expect(breadcrumb(opened).hasSuffix("Film Categories (\(count))"), "\(opened)")
    try change(
      fixture,
      "INSERT INTO film_category (film_id, category_id) SELECT min(film_id), 1 FROM film "
        + "WHERE film_id NOT IN (SELECT film_id FROM film_category WHERE category_id = 1)")
    let added = follow(&app) { breadcrumb($0).hasSuffix("Film Categories (\(count + 1))") }
    #expect(
      breadcrumb(added).hasSuffix("Film Categories (\(count + 1))"), "the breadcrumb follows an insert:\n\(added)")
    #expect(added.contains("─ Film Categories (\(count + 1)) ─"), "so does the title:\n\(added)")
    try change(
      fixture,
      "DELETE FROM film_category WHERE category_id = 1 AND film_id IN "
        + "(SELECT film_id FROM (SELECT film_id FROM film_category WHERE category_id = 1 "
        + "ORDER BY film_id DESC LIMIT 2) AS last_two)")
    let deleted = follow(&app) { breadcrumb($0).hasSuffix("Film Categories (\(count - 1))") }
    #expect(breadcrumb(deleted).hasSuffix("Film Categories (\(count - 1))"), "and a delete:\n\(deleted)")
    #expect(deleted.contains("─ Film Categories (\(count - 1)) ─"), "\(deleted)")
  }

  /// The screen's first line without its trailing spaces.
  static func breadcrumb(_ screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
      .trimmingCharacters(in: .whitespaces)
  }

  /// The number after `Actors` in the inspector (not `Film Actors`).
  static func actorsCount(_ screen: String) -> Int? {
    guard
      let line = screen.split(separator: "\n").first(where: { $0.contains(" Actors ") && !$0.contains("Film Actors") }),
      let match = line.firstMatch(of: /Actors +(\d+)/)
    else { return nil }
    return Int(match.1)
  }

  /// A change by another client whose session then ends (PostgreSQL publishes a session's
  /// change counters at its end at the latest).
  static func change(_ fixture: EditingFixture, _ sql: String) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel { try $0.executeScript(sql) }
  }

  /// Follow checks, a tenth of a second apart, until `done` says the screen shows it (at
  /// most 3 s).
  static func follow(_ app: inout D2TApp, until done: (String) -> Bool) -> String {
    var screen = ""
    for _ in 0..<30 {
      app.follow()
      screen = EditingFixture.screen(&app, "sleep:100")
      if done(screen) { break }
    }
    return screen
  }

  static func editShowsChangesUnderneath(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let db = try fixture.otherUser()
    defer { db.close() }
    func name(_ id: Int64) throws -> DatabaseValue? {
      try db.row(of: "Category", key: ["id": .integer(id)])?["name"]
    }
    _ = EditingFixture.screen(&app, "Enter Down Enter e Down C-u Mine")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    try db.apply([
      .update(entity: "Category", key: ["id": .integer(2)], values: ["name": .text("Theirs now")], original: [:])
    ])
    app.follow()
    let warned = EditingFixture.screen(&app, "", size: Size(width: 80, height: 30))
    #expect(
      warned.contains("⚠ database now: 'Theirs now'") && warned.contains("Ctrl-T take · Ctrl-K keep"),
      "the open edit shows the database's value in full, on a line of its own, at a normal width:\n\(warned)")
    #expect(warned.contains("Mine"), "the user's value stays")
    let kept = EditingFixture.screen(&app, "C-k C-s")
    #expect(!kept.contains("Changed by someone else"), "keeping yours was the user's choice: no conflict dialog")
    #expect(try name(2) == .text("Mine"))

    _ = EditingFixture.screen(&app, "Escape Down Enter e Down C-u Mine")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    try db.apply([.update(entity: "Category", key: ["id": .integer(3)], values: ["name": .text("Kids")], original: [:])]
    )
    app.follow()
    let taken = EditingFixture.screen(&app, "C-t")
    #expect(taken.contains("↻ took the database's value"))
    _ = EditingFixture.screen(&app, "C-s")
    #expect(try name(3) == .text("Kids"))
  }

  /// `notifyChannels`: a NOTIFY from the database makes visible panes fetch again at once,
  /// even a view's, which polling cannot follow on PostgreSQL.
  static func notificationsRefreshViews(_ fixture: EditingFixture) throws {
    guard fixture.backend == .postgresql else { return }
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel { try $0.executeScript("CREATE VIEW genre AS SELECT category_id, name FROM category") }
    var app = try fixture.app(rules: ["visibleEntityNames <= (Genre)", "notifyChannels <= (genre_changes)"])
    _ = EditingFixture.screen(&app, "Enter")
    try db.withChannel {
      try $0.executeScript("UPDATE category SET name = 'Animated' WHERE category_id = 2; NOTIFY genre_changes")
    }
    let after = EditingFixture.screen(&app, "sleep:700")
    #expect(after.contains("Animated"), "the view's pane fetched again on the notification")
  }

  /// A view's pane follows the tables its query reads, through a view of a view, without
  /// any NOTIFY: on PostgreSQL from its rewrite rule's dependencies, on MySQL from the
  /// tables its stored definition names (SQLite's data version covers every table).
  static func viewsFollowTheirTables(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel {
      try $0.executeScript(
        "CREATE VIEW genre AS SELECT category_id, name FROM category; "
          + "CREATE VIEW short_genre AS SELECT category_id, name FROM genre WHERE category_id < 10")
    }
    if fixture.backend != .sqlite {
      #expect(try fixture.otherUser().model[entity: "ShortGenre"]?.viewTables.map(\.name) == ["category"])
    }
    var app = try fixture.app(rules: ["visibleEntityNames <= (ShortGenre)"])
    let before = EditingFixture.screen(&app, "Enter")
    #expect(before.contains("Animation"), "\(before)")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    try change(fixture, "UPDATE category SET name = 'Animated' WHERE category_id = 2")
    let after = follow(&app) { $0.contains("Animated") }
    #expect(after.contains("Animated"), "the view's pane followed its table:\n\(after)")
  }

  /// A list without a key (a view): a refresh matches its rows by their values, so only the
  /// row that changed is marked, not every row shown; the cursor stays where it was.
  static func keylessListMarksOnlyTheChangedRow(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.withChannel { try $0.executeScript("CREATE VIEW genre AS SELECT category_id, name FROM category") }
    var app = try fixture.app(rules: ["visibleEntityNames <= (Genre)", "notifyChannels <= (genre_changes)"])
    let before = EditingFixture.screen(&app, "Enter Down Down")
    #expect(before.contains("3/16"), "\(before)")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    let notify = fixture.backend == .postgresql ? "; NOTIFY genre_changes" : ""
    try db.withChannel { try $0.executeScript("UPDATE category SET name = 'Animated' WHERE category_id = 2\(notify)") }
    let after = follow(&app) { $0.contains("Animated") }
    let marked = after.split(separator: "\n").filter { $0.contains("•") }
    #expect(
      marked.count == 1 && marked.first?.contains("Animated") == true, "only the changed row is marked:\n\(after)")
    #expect(after.contains("3/16"), "the cursor stays on the third row:\n\(after)")
  }

  /// An open edit follows its row's title, and says at once when another client deleted
  /// the row: the input stays, Ctrl-S refuses (nothing is inserted again), Esc leaves.
  static func editSeesItsRowRenamedAndDeleted(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    try db.apply([.insert(entity: "Category", values: ["id": .integer(30), "name": .text("Doomed")])])
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    let editing = EditingFixture.screen(&app, "Enter G e Down Down C-u 2001-01-01")
    #expect(editing.contains("Edit Doomed"), "\(editing)")
    app.follow()
    _ = EditingFixture.screen(&app, "")
    try db.apply([
      .update(entity: "Category", key: ["id": .integer(30)], values: ["name": .text("Renamed")], original: [:])
    ])
    let renamed = follow(&app) { $0.contains("Edit Renamed") }
    #expect(renamed.contains("Edit Renamed"), "the title follows the row:\n\(renamed)")
    try db.apply([.delete(entity: "Category", key: ["id": .integer(30)], original: [:])])
    let deleted = follow(&app) { $0.contains("deleted by someone else") }
    #expect(deleted.contains("This row was deleted by someone else."), "said at once:\n\(deleted)")
    #expect(deleted.contains("2001-01-01"), "the input stays")
    let refused = EditingFixture.screen(&app, "C-s")
    #expect(refused.contains("Not saved — this row was deleted by someone else"), "\(refused)")
    #expect(try db.row(of: "Category", key: ["id": .integer(30)]) == nil, "nothing inserted again")
    let asked = EditingFixture.screen(&app, "Escape")
    #expect(asked.contains("Someone else deleted this row. Discard your input?"), "\(asked)")
    let left = EditingFixture.screen(&app, "Enter")
    #expect(!left.contains("Edit Renamed"), "Esc, Enter leaves:\n\(left)")
  }

  /// `followsData <= false`: no check at all.
  static func followingCanBeTurnedOff(_ fixture: EditingFixture) throws {
    let log = SQLLog()
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)", "followsData <= false"], log: log)
    _ = EditingFixture.screen(&app, "Enter")
    let before = log.recent().count
    app.follow()
    _ = EditingFixture.screen(&app, "")
    #expect(log.recent().count == before, "\(log.recent().dropFirst(before).map(\.sql))")
  }
}
