import Access
import PostgreSQLAdaptor
import Testing

/// A PostgreSQL table that another inherits from: its primary key is not the child's, so a
/// child row can carry a parent row's key, and `UPDATE parent … WHERE id = 1` (or `DELETE`)
/// reaches both. A save or delete of such a row is refused before anything is written.
@Suite(.serialized, .enabled(if: TestServer.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct InheritedKeyTests {
  func run(_ body: (Database, any AdaptorChannel) throws -> Void) throws {
    let url = try TestServer.createPostgresDatabase()
    defer { TestServer.dropPostgresDatabase(url) }
    let setup = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer { setup.close() }
    try setup.executeScript(
      """
      CREATE TABLE parent_t (id int PRIMARY KEY, name text);
      CREATE TABLE child_t (extra text) INHERITS (parent_t);
      INSERT INTO parent_t VALUES (1, 'p');
      INSERT INTO child_t VALUES (2, 'c', 'e'), (1, 'dup-child', 'z');
      """)
    let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: url))
    defer { database.close() }
    try body(database, setup)
  }

  static func names(_ channel: any AdaptorChannel) throws -> [String] {
    try channel.query(SQLStatement("SELECT id || ' ' || name AS row FROM parent_t ORDER BY id, name"))
      .compactMap { $0["row"]?.stringValue }
  }

  @Test func aKeyThatNamesTwoRowsIsNeitherSavedNorDeleted() throws {
    try run { database, channel in
      let before = try Self.names(channel)
      #expect(before == ["1 dup-child", "1 p", "2 c"])
      let update = Change.update(
        entity: "ParentT", key: ["id": .integer(1)], values: ["name": .text("PARENT-ONLY")],
        original: ["name": .text("p")])
      #expect {
        try database.apply([update])
      } throws: { error in
        "\(error)".contains("Parent T id = 1 names 2 rows")
      }
      #expect(throws: (any Error).self) {
        try database.apply([.delete(entity: "ParentT", key: ["id": .integer(1)], original: [:])])
      }
      #expect(try Self.names(channel) == before, "nothing written")
      let single = Change.update(
        entity: "ParentT", key: ["id": .integer(2)], values: ["name": .text("child two")],
        original: ["name": .text("c")])
      try database.apply([single])
      #expect(try Self.names(channel) == ["1 dup-child", "1 p", "2 child two"], "a key naming one row saves")
    }
  }
}
