import Access
import DirectToTerminal
import Testing

/// A key of several columns, named with reserved words: a new row is saved and named by its
/// key in the key's own column order.
enum CompositeKeyChecks {
  static let schema = """
    CREATE TABLE lines ("order" int, "line no" int, qty int, PRIMARY KEY ("order", "line no"));
    """

  static func aNewRowIsNamedByItsKeyInOrder(_ fixture: HardSchemaFixture) throws {
    var app = try fixture.app()
    let saved = HardSchemaFixture.screen(
      &app,
      [
        .keys("Enter n"), .text("7"), .keys("Down"), .text("1"), .keys("Down"), .text("3"), .keys("C-s"),
      ])
    #expect(saved.contains("(key 7, 1)"), "\(saved)")
    let stored = try HardSchemaChecks.query(fixture, #"SELECT "order", "line no", qty FROM lines"#)
    #expect(stored.map { [$0["order"], $0["line no"], $0["qty"]] } == [[.integer(7), .integer(1), .integer(3)]])
  }
}
