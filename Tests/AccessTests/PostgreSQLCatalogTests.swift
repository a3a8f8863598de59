import Access
import Foundation
import PostgreSQLAdaptor
import Testing

/// How d2t reads a PostgreSQL catalog: in one round trip, and with read permission told
/// exactly for roles that are not superusers, owners included.
@Suite(.serialized, .enabled(if: TestServer.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct PostgreSQLCatalogTests {
  @Test func theCatalogIsReadInOneRoundTrip() throws {
    let url = try TestServer.createPostgresDatabase()
    defer { TestServer.dropPostgresDatabase(url) }
    let setup = try PostgreSQLAdaptor(connectionString: url).openChannel()
    try setup.executeScript(
      "CREATE TABLE author (id int PRIMARY KEY, name text);"
        + " CREATE TABLE book (id int PRIMARY KEY, author_id int REFERENCES author, title text UNIQUE);")
    setup.close()
    let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: url))
    defer { database.close() }
    let catalogStatements = database.log.recent().filter { $0.sql.contains("FROM pg_") }
    #expect(catalogStatements.count == 1, "\(catalogStatements.map(\.sql))")
    #expect(catalogStatements.first?.error == nil)
    let book = try #require(database.model[entity: "Book"])
    #expect(book[relationship: "author"]?.destination == "Author")
    #expect(try database.fetch(FetchSpecification(entityName: "Book")).rows.isEmpty)
  }

  /// An owner reads its tables without the server being asked while their privileges are
  /// the default; one that revoked its own SELECT sees that table locked all the same.
  @Test func anOwnerWithoutSelectOnItsOwnTableSeesItLocked() throws {
    let url = try TestServer.createPostgresDatabase()
    let role = "d2t_owner_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    let admin = try PostgreSQLAdaptor(connectionString: url).openChannel()
    defer {
      TestServer.dropPostgresDatabase(url)
      try? admin.executeScript("DROP ROLE IF EXISTS \(role)")
      admin.close()
    }
    try admin.executeScript(
      """
      CREATE ROLE \(role) LOGIN PASSWORD '\(role)'; GRANT CREATE, USAGE ON SCHEMA public TO \(role);
      SET ROLE \(role);
      CREATE TABLE readable_notes (id int PRIMARY KEY, body text);
      COMMENT ON TABLE readable_notes IS 'Notes anyone may read'; COMMENT ON COLUMN readable_notes.body IS 'The text';
      CREATE TABLE revoked_notes (id int PRIMARY KEY, body text);
      REVOKE SELECT ON revoked_notes FROM \(role);
      RESET ROLE;
      """)
    guard var components = URLComponents(string: url) else { throw TestServer.Unavailable() }
    components.user = role
    components.password = role
    let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: try #require(components.string)))
    defer { database.close() }
    let readable = try #require(database.model[entity: "ReadableNotes"])
    #expect(readable.lockReason == nil)
    #expect(readable.comment == "Notes anyone may read")
    #expect(readable[attribute: "body"]?.comment == "The text")
    let revoked = try #require(database.model[entity: "RevokedNotes"])
    #expect(revoked.lockReason == "permission denied: no SELECT privilege")
  }
}
