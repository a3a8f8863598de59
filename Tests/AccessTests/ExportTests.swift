import Access
import Export
import Foundation
import Qualifiers
import Testing

/// Exports compared byte for byte with the files in `Expected/`, on both databases: NULL
/// against empty strings, quotes, commas, newlines, tabs, Unicode, decimals, timestamps,
/// booleans and binary.
@Suite struct ExportTests {
  static let backends = IntegrationTests.backends

  static func expected(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Expected").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The fixture database with a `note` table holding the awkward values.
  func withNotes(_ backend: Backend, _ body: (Database) throws -> Void) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let postgres = backend == .postgresql
    try fixture.database.withChannel { channel in
      try channel.executeScript(
        "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, price DECIMAL(10,2), at TIMESTAMP, "
          + "flag BOOLEAN, data \(postgres ? "bytea" : "BLOB"))")
      let blob = { (hex: String) in postgres ? "'\\x\(hex)'::bytea" : "X'\(hex)'" }
      try channel.executeScript("""
        INSERT INTO note VALUES (1, 'plain', 4.99, '2005-05-24 22:53:30', TRUE, \(blob("0aff")));
        INSERT INTO note VALUES (2, 'say "hi", then
        go', 1234567.89, '2006-02-15 04:34:33.5', FALSE, NULL);
        INSERT INTO note VALUES (3, '', -3.25, NULL, NULL, \(blob("")));
        INSERT INTO note VALUES (4, NULL, NULL, NULL, NULL, NULL);
        INSERT INTO note VALUES (5, 'Zoë, 日本 🎬\ttab', 100.25, '1999-12-31 23:59:59', TRUE, \(blob("00")));
        """)
    }
    try fixture.database.reloadModel()
    try body(fixture.database)
  }

  func export(_ db: Database, _ request: ExportRequest) throws -> String {
    let out = OutputBuffer(handle: nil)
    try Exporter(database: db, request: request).run(into: out, batchSize: 2)
    return String(decoding: out.collected, as: UTF8.self)
  }

  @Test(arguments: backends) func csvMatchesByteForByte(_ backend: Backend) throws {
    try withNotes(backend) { db in
      let csv = try export(db, ExportRequest(entity: "note", format: .csv))
      #expect(csv == (try Self.expected("notes.csv")))
      let copied = db.log.recent().contains { $0.sql.hasPrefix("COPY (SELECT ") }
      #expect(copied == (backend == .postgresql), "PostgreSQL exports CSV through COPY")
    }
  }

  @Test(arguments: backends) func jsonLinesMatchByteForByte(_ backend: Backend) throws {
    try withNotes(backend) { db in
      let jsonl = try export(db, ExportRequest(entity: "Note", format: .jsonl))
      #expect(jsonl == (try Self.expected("notes.jsonl")))
      for line in jsonl.split(separator: "\n") {
        #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
      }
    }
  }

  @Test(arguments: backends) func sqlMatchesAndRestoresTheSameRows(_ backend: Backend) throws {
    try withNotes(backend) { db in
      let sql = try export(db, ExportRequest(entity: "note", format: .sql))
      #expect(sql == (try Self.expected("notes.\(backend).sql")), "\(sql)")
      try db.withChannel { channel in
        try channel.executeScript("DELETE FROM note")
        try channel.executeScript(sql)
      }
      let csv = try export(db, ExportRequest(entity: "note", format: .csv))
      #expect(csv == (try Self.expected("notes.csv")), "the INSERTs restore every value exactly")
    }
  }

  @Test(arguments: backends) func filterSortAndKeyPathColumns(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    var request = ExportRequest(entity: "FilmActor", format: .csv)
    request.qualifier = try Qualifier(parsing: "film.title like 'FILM 00*'")
    request.sortOrderings = try SortOrdering.parse("actor.lastName desc, actorId")
    request.columns = ["actor.lastName", "film.title", "actorId"]
    let csv = try export(fixture.database, request)
    #expect(csv == """
      actor.lastName,film.title,actorId
      Stone1,FILM 001,1
      Stone1,FILM 002,1
      Smith,FILM 001,2

      """)
  }

  @Test func csvQuotesWhatPostgreSQLQuotes() throws {
    let out = OutputBuffer(handle: nil)
    let writer = CSVExportWriter(out)
    try writer.write([.text("\\."), .text(" padded "), .text("a\rb"), .null, .text("")])
    try writer.end()
    #expect(String(decoding: out.collected, as: UTF8.self) == "\"\\.\", padded ,\"a\rb\",,\"\"\n")
  }

  @Test func sqlExportRefusesKeyPaths() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    #expect(throws: FetchError.self) {
      try Exporter(
        database: fixture.database,
        request: ExportRequest(entity: "Film", columns: ["language.name"], format: .sql))
    }
  }
}
