import Access
import DirectToTerminal
import Testing

/// A to-one whose key names no row (SQLite without foreign key checks, a key added
/// `NOT VALID`): the list and the inspector show the key it holds, marked, never `-`; a
/// related row whose title is NULL is not taken for a missing one.
enum MissingToOneChecks {
  static let schema = """
    CREATE TABLE parent (code TEXT PRIMARY KEY, name TEXT);
    CREATE TABLE child (id INTEGER PRIMARY KEY, label TEXT, pcode TEXT REFERENCES parent (code));
    INSERT INTO parent VALUES ('P1', 'First'), ('P2', NULL);
    """

  static func danglingKeysAreShownAsHeld(_ fixture: HardSchemaFixture) throws {
    try fixture.execute(
      fixture.backend == .postgresql
        ? """
        ALTER TABLE child DROP CONSTRAINT child_pcode_fkey;
        INSERT INTO child VALUES (1, 'one', 'P1'), (2, 'two', 'ZZ'), (3, 'three', 'P2'), (4, 'four', NULL);
        ALTER TABLE child ADD FOREIGN KEY (pcode) REFERENCES parent (code) NOT VALID;
        """
        : """
        PRAGMA foreign_keys = OFF;
        INSERT INTO child VALUES (1, 'one', 'P1'), (2, 'two', 'ZZ'), (3, 'three', 'P2'), (4, 'four', NULL);
        """)
    var app = try fixture.app(rules: ["visibleEntityNames <= (Child)"])
    let list = HardSchemaFixture.screen(&app, "Enter")
    let line = { (label: String) in HardSchemaChecks.lines(list, containing: label).first ?? "" }
    #expect(line("two").contains("ZZ ⚠ not found"), "\(list)")
    #expect(line("one").contains("First") && !line("one").contains("⚠"))
    #expect(!line("three").contains("⚠"), "a related row with a NULL title is there: \(line("three"))")
    #expect(!line("four").contains("⚠"), "no key, nothing missing: \(line("four"))")
    let inspector = HardSchemaFixture.screen(&app, "Down Enter")
    #expect(inspector.contains("ZZ ⚠ not found"), "the inspector shows it too:\n\(inspector)")
    let opened = HardSchemaFixture.screen(&app, "Down Down Enter")
    #expect(opened.contains("holds ZZ, which no Parent row has"), "\(opened)")
  }
}
