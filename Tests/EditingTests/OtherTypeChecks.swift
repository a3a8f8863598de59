import Access
import DirectToTerminal
import Testing

/// PostgreSQL types d2t has no editor of its own for (intervals, addresses, ranges, money)
/// are listed and edited as the database's own text, which the server parses; doubles
/// show `Infinity` as PostgreSQL writes it.
enum OtherTypeChecks {
  static let schema = """
    CREATE TABLE odd (id int PRIMARY KEY, span interval, addr inet, r int4range, price money,
      f float8, tsv tsvector, spans int4range[]);
    INSERT INTO odd VALUES (1, '1 day 02:03:04', '10.0.0.1', '[1,10)', 12.34, 'Infinity', 'fat cat',
      '{"[1,2)"}');
    """

  static func listedAndEditedAsTheirText(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let list = HardSchemaFixture.screen(&app, "Enter")
    let row = try #require(HardSchemaChecks.lines(list, containing: "10.0.0.1").first, "inet listed:\n\(list)")
    for text in ["P1DT2H3M4S", "[1,10)", "12.34", "Infinity"] {
      #expect(row.contains(text), "\(text) listed: \(row)")
    }
    #expect(!list.contains("'fat'"), "tsvector columns stay out of lists")
    let editing = HardSchemaFixture.screen(&app, "Enter e Down")
    #expect(editing.contains("interval, as the database writes it"), "\(editing)")
    #expect(editing.contains("(int4range[] is shown, not edited)"), "\(editing)")
    let saved = HardSchemaFixture.screen(
      &app,
      [
        .keys("C-u"), .text("2 hours"),
        .keys("Down C-u"), .text("192.168.0.1/24"),
        .keys("Down C-u"), .text("[2,5)"),
        .keys("C-s"),
      ])
    #expect(saved.contains("Saved Odd"), "\(saved)")
    let stored = try #require(
      try HardSchemaChecks.query(
        fixture,
        """
        SELECT span = '2 hours'::interval AS span, addr::text AS addr, r::text AS r, f::text AS f,
          spans::text AS spans FROM odd WHERE id = 1
        """
      ).first)
    #expect(stored["span"] == .bool(true))
    #expect(stored["addr"] == .text("192.168.0.1/24"))
    #expect(stored["r"] == .text("[2,5)"))
    #expect(stored["f"] == .text("Infinity"), "an untouched double is not rewritten")
    #expect(stored["spans"] == .text(#"{"[1,2)"}"#), "arrays of ranges are not rewritten")
  }

  static func aTypoIsTheServersMessageAndTheInputStays(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let refused = HardSchemaFixture.screen(
      &app,
      [
        .keys("Enter Enter e Down Down C-u"), .text("not an address"), .keys("C-s"),
      ])
    #expect(refused.contains("invalid input syntax for type inet"), "\(refused)")
    #expect(refused.contains("not an address"), "the input is kept")
    let stored = try #require(try HardSchemaChecks.query(fixture, "SELECT addr::text AS addr FROM odd").first)
    #expect(stored["addr"] == .text("10.0.0.1/32") || stored["addr"] == .text("10.0.0.1"))
  }

  static func doublesReadInfinityBack(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let saved = HardSchemaFixture.screen(
      &app,
      [
        .keys("Enter Enter e Down Down Down Down Down C-u"), .text("-Infinity"), .keys("C-s"),
      ])
    #expect(saved.contains("Saved Odd"), "\(saved)")
    let stored = try #require(try HardSchemaChecks.query(fixture, "SELECT f::text AS f FROM odd").first)
    #expect(stored["f"] == .text("-Infinity"))
  }

  /// A row holding NaN saves: NaN read again is the same value, not someone else's change.
  static func aRowHoldingNaNSaves(_ fixture: HardSchemaFixture) throws {
    try fixture.execute("UPDATE odd SET f = 'NaN'")
    var app = try fixture.app()
    let saved = HardSchemaFixture.screen(&app, [.keys("Enter Enter e Down C-u"), .text("3 days"), .keys("C-s")])
    #expect(saved.contains("Saved Odd"), "\(saved)")
    let stored = try #require(
      try HardSchemaChecks.query(fixture, "SELECT span = '3 days'::interval AS span, f::text AS f FROM odd").first)
    #expect(stored["span"] == .bool(true) && stored["f"] == .text("NaN"))
  }
}
