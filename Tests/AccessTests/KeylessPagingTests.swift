import Access
import Testing

/// Tables and views without a key are ordered by all their columns and paged by offset:
/// every row comes once, exact duplicates included, from either end, and a page key (which
/// would skip a duplicate) is refused with a message instead of a crash.
@Suite struct KeylessPagingTests {
  static let backends = IntegrationTests.backends

  /// 300 rows of 150 values, each twice as an exact duplicate; on PostgreSQL columns of
  /// types that have no order too (`json`, `json[]`, `point`), left out of it.
  static func schema(_ backend: Backend) -> String {
    let json = backend == .postgresql
    let values = (1...300).map { n in
      let value = (n + 1) / 2
      return "('s\(value % 3)', \(value)"
        + (json ? ", '{\"n\": \(value)}', ARRAY['{}'::json], point(\(value), 0)" : "") + ")"
    }
    return "CREATE TABLE reading (sensor VARCHAR(10) NOT NULL, amount INTEGER"
      + (json ? ", note json, notes json[], spot point" : "") + ");\n"
      + "INSERT INTO reading VALUES " + values.joined(separator: ", ") + ";\n"
      + "CREATE VIEW reading_view AS SELECT sensor, amount FROM reading;\n"
  }

  /// The rows in the order of all their columns.
  static let expected: [String] = (1...300).map { ($0 + 1) / 2 }.map { ("s\($0 % 3)", $0) }
    .sorted { $0 < $1 }.map { "\($0.0) \($0.1)" }

  static func text(_ row: Row) -> String {
    "\(row["sensor"]?.stringValue ?? "?") \(row["amount"]?.description ?? "?")"
  }

  func run(_ backend: Backend, _ check: (Database) throws -> Void) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let channel = try fixture.database.adaptor.openChannel()
    try channel.executeScript(Self.schema(backend))
    channel.close()
    try fixture.database.reloadModel()
    try check(fixture.database)
  }

  @Test(arguments: backends) func pagesByOffsetBringEveryRowOnce(_ backend: Backend) throws {
    try run(backend) { database in
      for entity in ["Reading", "ReadingView"] {
        #expect(database.model[entity: entity]?.primaryKey == [], "\(entity) has no key")
        var rows: [String] = []
        while true {
          let page = try database.fetch(
            FetchSpecification(entityName: entity, limit: 40, offset: rows.count, position: .start))
          #expect(!page.identifiesRows)
          rows += page.rows.map(Self.text)
          if page.rows.count < 40 { break }
        }
        #expect(rows == Self.expected, "\(entity) on \(backend)")
        let last = try database.fetch(FetchSpecification(entityName: entity, limit: 40, offset: 20, position: .end))
        #expect(last.rows.map(Self.text) == Array(Self.expected[240..<280]), "\(entity) from the end")
      }
    }
  }

  @Test(arguments: backends) func aPageKeyIsRefusedNotACrash(_ backend: Backend) throws {
    try run(backend) { database in
      let spec = FetchSpecification(entityName: "ReadingView", limit: 40, position: .after([]))
      #expect(throws: FetchError.self) { try database.fetch(spec) }
      let keyed = try database.fetch(FetchSpecification(entityName: "Film", limit: 2))
      #expect(keyed.identifiesRows)
    }
  }
}
