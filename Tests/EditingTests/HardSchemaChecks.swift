import Access
import DirectToTerminal
import Foundation
import Testing

/// Values shown and saved exactly, and keys found, on schemas the demo never has: arrays
/// with quoted, NULL and nested items, mixed SQLite storage classes, generated and identity
/// columns, unique keys standing in for a primary key, tables the role cannot read.
enum HardSchemaChecks {
  /// The rows a query gives, on a connection of its own.
  static func query(_ fixture: HardSchemaFixture, _ sql: String) throws -> [Row] {
    let channel = try fixture.adaptor().openChannel()
    defer { channel.close() }
    return try channel.query(SQLStatement(sql))
  }

  static func lines(_ screen: String, containing needle: String) -> [String] {
    screen.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
  }

  // MARK: - Arrays (PostgreSQL)

  static let arraySchema = #"""
    CREATE TYPE pair AS (a int, b int);
    CREATE TABLE arr (
      id int PRIMARY KEY, tags text[], grid int[], nums int[], bounded int[], pairs pair[]);
    INSERT INTO arr VALUES (1, '{"a,b","c\"d",NULL,"","NULL"}', '{{1,2},{3,4}}', '{1,NULL,3}',
      '[0:2]={1,2,3}', ARRAY[ROW(1,2)::pair]);
    """#

  static func arraysShowAndSaveExactly(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let inspected = HardSchemaFixture.screen(&app, "Enter Enter")
    for item in [#"• "a,b""#, #"• "c\"d""#, "• ∅", #"• """#, #"• "NULL""#, "• {1, 2}", "• {3, 4}", "• 1", "• 3"] {
      #expect(inspected.contains(item), "inspector shows \(item)")
    }
    #expect(inspected.contains(#""a,b", "c\"d", ∅, "", "NULL""#), "the list cell quotes and shows ∅")
    #expect(inspected.contains("[0:2]={1,2,3}"), "an array with bounds shows as stored")
    let editing = HardSchemaFixture.screen(&app, "e")
    #expect(editing.contains("explicit bounds: not edited"))
    #expect(editing.contains("(pair[] is shown, not edited)"), "arrays of composites are not rewritten")
    #expect(editing.contains("1, ∅, 3"), "NULL items are shown as the editor reads them")
    let saved = HardSchemaFixture.screen(
      &app,
      [
        .keys("Down End"), .text(", x"),
        .keys("Down C-u"), .text("{5, 6}, {7, NULL}"),
        .keys("Down C-u"), .text("1, ∅, 3, NULL"),
        .keys("C-s"),
      ])
    #expect(saved.contains("Saved Arr"), "saved: \(saved)")
    let row = try #require(
      try query(
        fixture,
        #"""
        SELECT tags = '{"a,b","c\"d",NULL,"","NULL",x}'::text[] AS tags,
          grid = '{{5,6},{7,NULL}}'::int[] AS grid, array_ndims(grid) AS dims,
          nums::text AS nums, bounded::text AS bounded, pairs::text AS pairs
        FROM arr WHERE id = 1
        """#
      ).first)
    #expect(row["tags"] == .bool(true), "an appended item, nothing else changed")
    #expect(row["grid"] == .bool(true) && row["dims"] == .integer(2), "still two-dimensional")
    #expect(row["nums"] == .text("{1,NULL,3,NULL}"), "∅ and NULL typed are NULL items")
    #expect(row["bounded"] == .text("[0:2]={1,2,3}"), "never rewritten")
    #expect(row["pairs"] == .text(#"{"(1,2)"}"#), "never rewritten")
  }

  /// `=` on an array cell says why it cannot compare, and the list stays as it was.
  static func quickFiltersRefuseArrays(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let refused = HardSchemaFixture.screen(&app, "Enter ] =")
    #expect(refused.contains("Tags holds arrays: = and ! compare single values"), "\(refused)")
    #expect(refused.contains(#""a,b", "c\"d", ∅, "", "NULL""#), "the row is still listed")
  }

  // MARK: - Mixed storage classes (SQLite)

  static let mixedSchema = """
    CREATE TABLE mixed (id INTEGER PRIMARY KEY, amount DECIMAL(10,2), qty INTEGER, anything, note TEXT);
    INSERT INTO mixed VALUES (1, 1e308, 3.5, x'00ff41', 'first');
    INSERT INTO mixed VALUES (2, 4.99, 'lots', 0.1, 'second');
    INSERT INTO mixed VALUES (3, 12.345, 1, NULL, 'third');
    """

  static func mixedStorageShowsWhatIsStored(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let list = HardSchemaFixture.screen(&app, "Enter")
    let first = try #require(lines(list, containing: "first").first)
    #expect(first.contains("1e+308") && !first.contains("1e+,308"), "\(first)")
    #expect(first.contains("3.5"), "a REAL in an INTEGER column is not rounded: \(first)")
    #expect(first.contains("3 bytes") && !first.contains("A"), "a blob is its size, never raw: \(first)")
    let second = try #require(lines(list, containing: "second").first)
    #expect(second.contains("4.99") && second.contains("lots") && second.contains("0.1"), "\(second)")
    let third = try #require(lines(list, containing: "third").first)
    #expect(third.contains("12.345"), "more digits than the column's scale are shown, not rounded: \(third)")
    let inspected = HardSchemaFixture.screen(&app, "Enter")
    #expect(inspected.contains("1e+308") && inspected.contains("3.5") && inspected.contains("3 bytes"))
    let editing = HardSchemaFixture.screen(&app, "e")
    #expect(editing.contains("1e+308") && editing.contains("3.5"), "the editor starts from the stored value")
    #expect(editing.contains("binary data is shown, not edited"))
    let saved = HardSchemaFixture.screen(&app, [.keys("Down Down Down Down C-u"), .text("changed"), .keys("C-s")])
    #expect(saved.contains("Saved Mixed"), "\(saved)")
    let row = try #require(
      try query(
        fixture,
        """
        SELECT typeof(amount) AS ta, amount = 1e308 AS amount, typeof(qty) AS tq, qty, typeof(anything) AS tb,
          hex(anything) AS bytes, note FROM mixed WHERE id = 1
        """
      ).first)
    #expect(row["ta"] == .text("real") && row["amount"] == .integer(1))
    #expect(row["tq"] == .text("real") && row["qty"] == .real(3.5))
    #expect(row["tb"] == .text("blob") && row["bytes"] == .text("00FF41"))
    #expect(row["note"] == .text("changed"))
  }

  // MARK: - Generated and identity columns

  static func generatedSchema(_ backend: EditingFixture.Backend) -> String {
    switch backend {
    case .postgresql:
      return """
        CREATE TABLE gen (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          price numeric(8,2) NOT NULL, qty int NOT NULL,
          total numeric(10,2) GENERATED ALWAYS AS (price * qty) STORED,
          serial_no int GENERATED ALWAYS AS IDENTITY);
        INSERT INTO gen (price, qty) VALUES (2.50, 2);
        CREATE TABLE later (id int GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, n serial, name text NOT NULL);
        """
    case .sqlite:
      return """
        CREATE TABLE gen (id INTEGER PRIMARY KEY, price NUMERIC(8,2) NOT NULL, qty INTEGER NOT NULL,
          total NUMERIC(10,2) GENERATED ALWAYS AS (price * qty) STORED,
          label TEXT GENERATED ALWAYS AS ('#' || id) VIRTUAL);
        INSERT INTO gen (price, qty) VALUES (2.50, 2);
        CREATE TABLE later (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        """
    case .mariadb:
      return """
        CREATE TABLE gen (id INT AUTO_INCREMENT PRIMARY KEY, price DECIMAL(8,2) NOT NULL, qty INT NOT NULL,
          total DECIMAL(10,2) GENERATED ALWAYS AS (price * qty) STORED,
          label VARCHAR(20) GENERATED ALWAYS AS (CONCAT('#', qty)) VIRTUAL);
        INSERT INTO gen (price, qty) VALUES (2.50, 2);
        CREATE TABLE later (id INT AUTO_INCREMENT PRIMARY KEY, name TEXT NOT NULL);
        """
    }
  }

  static func generatedColumnsAreReadOnly(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app(rules: ["visibleEntityNames <= (Gen, Later)"])
    let editing = HardSchemaFixture.screen(&app, "Enter Enter e")
    let computed = lines(editing, containing: "computed by the database")
    #expect(computed.contains { $0.contains("Total") }, "\(editing)")
    #expect(computed.contains { $0.contains(fixture.backend == .postgresql ? "Serial No" : "Label") })
    let saved = HardSchemaFixture.screen(
      &app,
      [
        .keys("Down Down C-u"), .text("5"), .keys("Down C-u"), .text("999"), .keys("Down C-u"), .text("7"),
        .keys("C-s"),
      ])
    #expect(saved.contains("Saved Gen"), "\(saved)")
    let row = try #require(try query(fixture, "SELECT qty, total FROM gen").first)
    #expect(row["qty"]?.int64Value == 5)
    #expect(
      row["total"].map(String.init(describing:)).map { ["12.5", "12.50"].contains($0) } == true,
      "the database computed it: \(String(describing: row["total"]))")
    var fresh = try fixture.app(rules: ["visibleEntityNames <= (Gen, Later)"])
    let created = HardSchemaFixture.screen(
      &fresh,
      [
        .keys("Enter n"), .keys("Down"), .text("1.25"), .keys("Down"), .text("4"), .keys("C-s"),
      ])
    #expect(created.contains("Saved new Gen"), "\(created)")
    #expect(try query(fixture, "SELECT count(*) AS n FROM gen WHERE total = 5").first?["n"]?.int64Value == 1)
    var later = try fixture.app(rules: ["visibleEntityNames <= (Later)"])
    let keyLeftEmpty = HardSchemaFixture.screen(
      &later,
      [
        .keys("Enter n"), .keys(fixture.backend == .postgresql ? "Down Down" : "Down"), .text("left empty"),
        .keys("C-s"),
      ])
    #expect(keyLeftEmpty.contains("Saved new Later"), "a key the database fills may be left empty: \(keyLeftEmpty)")
  }

  // MARK: - Unique keys

  static let uniqueKeySchema = """
    CREATE TABLE tag (code TEXT NOT NULL UNIQUE, label TEXT, note TEXT UNIQUE);
    INSERT INTO tag VALUES ('a', 'Alpha', NULL);
    INSERT INTO tag VALUES ('b', 'Beta', NULL);
    """

  static func uniqueNotNullKeyEdits(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let inspected = HardSchemaFixture.screen(&app, "Enter Enter")
    #expect(inspected.contains("Alpha"))
    let saved = HardSchemaFixture.screen(&app, [.keys("e Down C-u"), .text("Gamma"), .keys("C-s")])
    #expect(saved.contains("Saved Tag"), "\(saved)")
    #expect(try query(fixture, "SELECT label FROM tag WHERE code = 'a'").first?["label"] == .text("Gamma"))
    #expect(try query(fixture, "SELECT label FROM tag WHERE code = 'b'").first?["label"] == .text("Beta"))
    let deleted = HardSchemaFixture.screen(&app, "Escape G d Left Enter")
    #expect(deleted.contains("Deleted Tag"), "\(deleted)")
    #expect(try query(fixture, "SELECT code FROM tag").map { $0["code"] } == [.text("a")])
  }

  // MARK: - Locked tables (PostgreSQL)

  static let lockedSchema = """
    CREATE TABLE open_notes (id int PRIMARY KEY, body text);
    CREATE TABLE secret_notes (id int PRIMARY KEY, body text, note_id int REFERENCES open_notes);
    INSERT INTO open_notes VALUES (1, 'hello');
    """

  static func lockedTablesAreListedWithTheReason(_ fixture: inout HardSchemaFixture) throws {
    let role = try fixture.createRole("d2t_reader")
    try fixture.execute("GRANT SELECT ON open_notes TO \(role)")
    var app = try fixture.app(user: role)
    let list = HardSchemaFixture.screen(&app, "")
    let secret = try #require(lines(list, containing: "SecretNotes").first, "\(list)")
    #expect(secret.contains("⊘ locked"))
    let opened = HardSchemaFixture.screen(&app, "Down Enter")
    #expect(opened.contains("(secret_notes) is locked: permission denied: no SELECT privilege"), "\(opened)")
    let readable = HardSchemaFixture.screen(&app, "Up Enter Enter")
    #expect(readable.contains("hello"), "the readable table still opens: \(readable)")
    var named = try fixture.app(rules: ["visibleEntityNames <= (SecretNotes)"], user: role)
    #expect(HardSchemaFixture.screen(&named, "").contains("⊘ locked"), "a rule naming it shows it locked")
  }
}
