import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 23 item 4: an invoice's lines edited on its edit page (`inlineRelationshipKeys`):
/// lines added, changed and removed in nested editors are saved with the invoice in one
/// transaction — a new invoice first, its lines taking its generated key — and recorded as
/// one journal step (`u` undoes it whole); a line the database refuses rolls everything
/// back and keeps every input.
enum InlineLinesChecks {
  static func schema(_ backend: EditingFixture.Backend) -> String {
    let key: String
    switch backend {
    case .sqlite: key = "INTEGER PRIMARY KEY"
    case .postgresql: key = "SERIAL PRIMARY KEY"
    case .mariadb: key = "INTEGER AUTO_INCREMENT PRIMARY KEY"
    }
    return "CREATE TABLE shop_customer (id \(key), name VARCHAR(20) NOT NULL); "
      + "CREATE TABLE unit (id \(key), name VARCHAR(10) NOT NULL); "
      + "CREATE TABLE bill (id \(key), shop_customer_id INTEGER NOT NULL, note VARCHAR(20), "
      + "FOREIGN KEY (shop_customer_id) REFERENCES shop_customer (id)); "
      + "CREATE TABLE bill_line (id \(key), bill_id INTEGER NOT NULL, item VARCHAR(20) NOT NULL, "
      + "quantity INTEGER NOT NULL CHECK (quantity > 0), unit_id INTEGER, FOREIGN KEY (bill_id) REFERENCES bill (id), "
      + "FOREIGN KEY (unit_id) REFERENCES unit (id)); "
      + "INSERT INTO unit (name) VALUES ('kg'); "
      + "INSERT INTO shop_customer (name) VALUES ('Ada'); "
      + "INSERT INTO bill (shop_customer_id, note) VALUES (1, 'first'); "
      + "INSERT INTO bill_line (bill_id, item, quantity) VALUES (1, 'tea', 2), (1, 'jam', 1);"
  }

  static let rules = [
    "visibleEntityNames <= (Bill)",
    "entity.name = 'Bill' => inlineRelationshipKeys <= (billLines)",
    "task = 'edit' and entity.name = 'Bill' => displayPropertyKeys <= (shopCustomer, note)",
    "task = 'edit' and entity.name = 'BillLine' => displayPropertyKeys <= (bill, item, quantity)",
    "task = 'list' and entity.name = 'Bill' => sortOrderings <= 'id'",
  ]

  static func lines(_ db: Database, bill: Int64) throws -> [String] {
    try db.fetch(
      FetchSpecification(
        entityName: "BillLine", qualifier: try Qualifier(parsing: "billId = \(bill)"),
        sortOrderings: [SortOrdering("item")])
    ).rows.map { "\($0["item"]?.stringValue ?? "")×\($0["quantity"]?.int64Value.map(String.init) ?? "")" }
  }

  static func aNewInvoiceWithThreeLinesIsOneSaveAndOneUndo(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    let form = EditingFixture.screen(
      &app, "Enter n Enter Enter Down second Down n a Down 1 C-s n b Down 2 C-s n c Down 3 C-s")
    #expect(form.contains("3 lines · 3 new"), "\(form)")
    #expect(form.contains("+ a") && form.contains("+ c"), "\(form)")
    #expect(try db.count(FetchSpecification(entityName: "BillLine")) == 2, "nothing written before Ctrl-S")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved new Bill"), "\(saved)")
    let bill = try #require(
      try db.fetch(FetchSpecification(entityName: "Bill", qualifier: try Qualifier(parsing: "note = 'second'")))
        .rows.first?["id"]?.int64Value)
    #expect(try lines(db, bill: bill) == ["a×1", "b×2", "c×3"], "the lines took the new bill's key")
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("and 3 more changes of the same save"), "\(undone)")
    #expect(try db.count(FetchSpecification(entityName: "Bill")) == 1, "u undoes the bill and its lines")
    #expect(try db.count(FetchSpecification(entityName: "BillLine")) == 2)
  }

  static func aRefusedLineRollsBackEverythingAndKeepsTheInput(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    let refused = EditingFixture.screen(
      &app, "Enter n Enter Enter Down third Down n a Down 1 C-s n b Down 2 C-s n c Down 0 C-s C-s")
    #expect(refused.contains("Not saved — line 3 of Bill Lines “c”: a check constraint"), "\(refused)")
    #expect(refused.contains("⚠ c"), "the refused line is marked:\n\(refused)")
    #expect(refused.contains("3 lines · 3 new"), "every input kept:\n\(refused)")
    #expect(try db.count(FetchSpecification(entityName: "Bill")) == 1, "the bill was rolled back")
    #expect(try db.count(FetchSpecification(entityName: "BillLine")) == 2, "and the first two lines")
  }

  static func linesOfAStoredInvoiceAreChangedAddedAndRemoved(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    let form = EditingFixture.screen(&app, "Enter Enter e Down Down")
    #expect(form.contains("2 lines"), "the stored lines are read:\n\(form)")
    // jam (first by id order is tea): j to jam, remove it; edit tea's quantity; add milk.
    let edited = EditingFixture.screen(&app, "Enter Down Down End BSpace 7 C-s j d n milk Down 4 C-s")
    #expect(edited.contains("• tea") && edited.contains("− jam") && edited.contains("+ milk"), "\(edited)")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved Bill"), "\(saved)")
    #expect(try lines(db, bill: 1) == ["milk×4", "tea×7"])
  }

  /// A stored line someone else changed while it was edited here: the dialog names the line
  /// and shows its values (this page's and the database's); Overwrite saves over them once.
  static func aLineChangedElsewhereIsNamedAndOverwritten(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    _ = EditingFixture.screen(&app, "Enter Enter e Down Down Enter Down Down End BSpace 5 C-s")
    try FollowChecks.change(fixture, "UPDATE bill_line SET quantity = 8 WHERE item = 'tea'")
    let conflict = EditingFixture.screen(&app, "C-s")
    #expect(conflict.contains("Line 1 of Bill Lines “tea” changed since you opened it:"), "\(conflict)")
    #expect(conflict.contains("Quantity: yours 5 · database 8"), "\(conflict)")
    let saved = EditingFixture.screen(&app, "Left Enter")
    #expect(saved.contains("Saved Bill"), "Overwrite saves, once:\n\(saved)")
    #expect(try lines(db, bill: 1) == ["jam×1", "tea×5"])
  }

  /// A new line handed back and opened again shows its chosen to-one (not ∅), so fixing
  /// another field after a refused save does not mean choosing it again.
  static func aPendingLineOpenedAgainKeepsItsChoices(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(
      rules: rules + [
        "task = 'edit' and entity.name = 'BillLine' => displayPropertyKeys <= (bill, item, quantity, unit); high"
      ])
    let db = try fixture.otherUser()
    defer { db.close() }
    let added = EditingFixture.screen(&app, "Enter Enter e Down Down n cake Down 3 Down Enter Enter C-s")
    #expect(added.contains("+ cake"), "\(added)")
    let reopened = EditingFixture.screen(&app, "j j Enter")
    #expect(reopened.contains(#/Unit +• kg/#), "the unit chosen before:\n\(reopened)")
    let saved = EditingFixture.screen(&app, "Down End BSpace 4 C-s C-s")
    #expect(saved.contains("Saved Bill"), "\(saved)")
    let cake = try #require(
      try db.fetch(FetchSpecification(entityName: "BillLine", qualifier: try Qualifier(parsing: "item = 'cake'"))).rows
        .first)
    #expect(cake["quantity"] == .integer(4) && cake["unitId"] == .integer(1), "\(cake)")
  }

  /// An undo of a whole save that one of its rows blocks (changed elsewhere since) names
  /// that row, not the first of the save.
  static func anUndoRefusedNamesTheRowThatBlocksIt(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema(fixture.backend))
    var app = try fixture.app(rules: rules)
    _ = EditingFixture.screen(
      &app, "Enter n Enter Enter Down fourth Down n a Down 1 C-s n b Down 2 C-s n c Down 3 C-s C-s")
    try FollowChecks.change(fixture, "UPDATE bill_line SET quantity = 9 WHERE item = 'b'")
    let refused = EditingFixture.screen(&app, "u")
    #expect(refused.contains("Cannot undo b — "), "\(refused)")
  }
}
