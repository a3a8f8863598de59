import Access
import Export
import Foundation
import Qualifiers
import SQLiteAdaptor
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

  /// `expected(name)` as `backend` exports it: SQLite keeps a timestamp's text as stored
  /// (`2005-05-24 22:53:30`), PostgreSQL writes ISO 8601 (`2005-05-24T22:53:30`).
  static func expected(_ name: String, _ backend: Backend) throws -> String {
    let text = try expected(name)
    guard backend == .sqlite else { return text }
    return text.replacing(/(\d{4}-\d\d-\d\d)T(\d\d:)/) { "\($0.output.1) \($0.output.2)" }
  }

  /// The fixture database with a `note` table holding the awkward values.
  func withNotes(_ backend: Backend, _ body: (Database) throws -> Void) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let postgres = backend == .postgresql
    try fixture.database.withChannel { channel in
      try channel.executeScript(
        "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, price DECIMAL(10,2), "
          // (MySQL's TIMESTAMP is neither nullable by default nor fractional.)
          + "at \(backend == .mariadb ? "DATETIME(6) NULL" : "TIMESTAMP"), "
          + "flag BOOLEAN, data \(postgres ? "bytea" : "BLOB"))")
      let blob = { (hex: String) in postgres ? "'\\x\(hex)'::bytea" : "X'\(hex)'" }
      try channel.executeScript(
        """
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
      #expect(csv == (try Self.expected("notes.csv", backend)))
      let copied = db.log.recent().contains { $0.sql.hasPrefix("COPY (SELECT ") }
      #expect(copied == (backend == .postgresql), "PostgreSQL exports CSV through COPY")
    }
  }

  @Test(arguments: backends) func jsonLinesMatchByteForByte(_ backend: Backend) throws {
    try withNotes(backend) { db in
      let jsonl = try export(db, ExportRequest(entity: "Note", format: .jsonl))
      #expect(jsonl == (try Self.expected("notes.jsonl", backend)))
      for line in jsonl.split(separator: "\n") {
        #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
      }
    }
  }

  @Test(arguments: backends) func sqlMatchesAndRestoresTheSameRows(_ backend: Backend) throws {
    try withNotes(backend) { db in
      let sql = try export(db, ExportRequest(entity: "note", format: .sql))
      if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
        try sql.write(
          to: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expected/notes.\(backend).sql"), atomically: true, encoding: .utf8)
      }
      #expect(sql == (try Self.expected("notes.\(backend).sql")), "\(sql)")
      try db.withChannel { channel in
        try channel.executeScript("DELETE FROM note")
        try channel.executeScript(sql)
      }
      let csv = try export(db, ExportRequest(entity: "note", format: .csv))
      #expect(csv == (try Self.expected("notes.csv", backend)), "the INSERTs restore every value exactly")
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
    #expect(
      csv == """
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

  /// SQLite's CSV reads values in place (`BorrowedValue`), skipping `Row`s: it must write
  /// what the decoded rows write, for values off the fast paths too (invalid UTF-8, text in
  /// typed columns, odd timestamps, blank-padded `CHAR`, reals in decimal columns) and for
  /// columns in another order than the table's.
  @Test func sqliteCSVReadInPlaceMatchesDecodedRows() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    let db = fixture.database
    try db.withChannel { channel in
      try channel.executeScript(
        """
        CREATE TABLE odd (id INTEGER PRIMARY KEY, body TEXT, code CHAR(5), amount DECIMAL(10,2),
          ratio REAL, at TIMESTAMP, flag BOOLEAN, count INTEGER);
        INSERT INTO odd VALUES (1, CAST(X'41C328FF' AS TEXT), 'ab', 0.1 + 0.2, 1.5,
          ' 2005-05-24 22:53:30', 'yes', '12x');
        INSERT INTO odd VALUES (2, 'Zoë "q", x', 'abcde', 12, 2, '2005-05-24T22:53:30.120+02', 1, 7);
        INSERT INTO odd VALUES (3, 42, NULL, '004.50', NULL, '2005-05-24', 0, -9223372036854775808);
        INSERT INTO odd VALUES (4, '\\.', '', 1e300, 0.1, 'not a time', 'off', 9223372036854775807);
        INSERT INTO odd VALUES (5, '', 'x', -0.0, -1, 1117000000, 2, NULL);
        """)
    }
    try db.reloadModel()
    let entity = try #require(db.model.entities.first { $0.table == "odd" })
    let columns = entity.attributes.map { PropertyPath(key: $0.name) }.reversed()
    let request = ExportRequest(entity: "odd", columns: Array(columns), format: .csv)
    let exportedOut = OutputBuffer(handle: nil)
    try Exporter(database: db, request: request).run(into: exportedOut, batchSize: 2)
    let exported = exportedOut.collected

    let out = OutputBuffer(handle: nil)
    let writer = CSVExportWriter(out)
    let labels = columns.map(\.description)
    try writer.begin(columns: labels)
    try db.stream(try Exporter(database: db, request: request).exportStatement(), mode: .asIs) { _, rows in
      for row in rows { try writer.write(labels.map { row[$0] ?? .null }) }
      return true
    }
    try writer.end()
    #expect(exported == out.collected, "\(String(decoding: exported, as: UTF8.self))")
    #expect(exported.filter { $0 == 10 }.count == 6)
  }

  /// Issue 22 item 11: SQLite keeps whatever text a TIMESTAMP or DATE column was given; an
  /// export writes it as stored, and its INSERTs put back the same text (it was rewritten
  /// to `2024-02-29T00:00:00`, and `1999-12-31T23:59:59` to `1999-12-31 23:59:59`).
  @Test func sqliteDateAndTimeTextExportsAsStoredAndRoundTrips() throws {
    try TestServer.withSQLite(
      """
      CREATE TABLE stamp (id INTEGER PRIMARY KEY, at TIMESTAMP, day DATE);
      INSERT INTO stamp VALUES (1, '2024-02-29', '2024-2-3'), (2, '1999-12-31T23:59:59', '1999-12-31'),
        (3, '2005-05-24 22:53:30.120+02', NULL), (4, 1117000000, 'soon');
      """
    ) { db in
      let stored = try storedText(db)
      let csv = try export(db, ExportRequest(entity: "stamp", format: .csv))
      #expect(csv.contains("1,2024-02-29,2024-2-3\n") && csv.contains("2,1999-12-31T23:59:59,1999-12-31\n"), "\(csv)")
      let jsonl = try export(db, ExportRequest(entity: "stamp", format: .jsonl))
      #expect(
        jsonl.contains(#""at":"2024-02-29""#) && jsonl.contains(#""at":"2005-05-24 22:53:30.120+02""#), "\(jsonl)")
      let sql = try export(db, ExportRequest(entity: "stamp", format: .sql))
      #expect(sql.contains("'1999-12-31T23:59:59'"), "\(sql)")
      try db.withChannel { channel in
        try channel.executeScript("DELETE FROM stamp")
        try channel.executeScript(sql)
      }
      #expect(try storedText(db) == stored, "the INSERTs put back the same text")
    }
  }

  /// Issue 22 item 15: CSV and JSON Lines name a column as it is written, not with the
  /// backquotes its key path needs (`` `Order ID` `` was the header).
  @Test func headersAreTheColumnsOwnNamesWithoutBackquotes() throws {
    try TestServer.withSQLite(
      """
      CREATE TABLE "Order Details" (id INTEGER PRIMARY KEY, "Unit Price" TEXT, "prix€" TEXT, "emoji😀" TEXT);
      INSERT INTO "Order Details" VALUES (1, '4.99', 'a', 'b');
      """
    ) { db in
      let csv = try export(db, ExportRequest(entity: "Order Details", format: .csv))
      #expect(csv.hasPrefix("id,Unit Price,prix€,emoji😀\n"), "\(csv)")
      let jsonl = try export(db, ExportRequest(entity: "Order Details", format: .jsonl))
      #expect(jsonl.contains(#""Unit Price":"4.99""#) && jsonl.contains(#""prix€":"a""#), "\(jsonl)")
    }
  }

  /// Each row's stored values as SQLite holds them: type and text.
  private func storedText(_ db: Database) throws -> [String] {
    try db.withChannel { channel in
      var rows: [String] = []
      try channel.query(
        SQLStatement("SELECT typeof(at) || ':' || at || '|' || coalesce(day, '∅') FROM stamp ORDER BY id")
      ) {
        rows.append($0.values.first.map { "\($0)" } ?? "")
        return true
      }
      return rows
    }
  }

  /// Issue 22 item 9: a table with a generated column (and, on PostgreSQL, an identity
  /// `ALWAYS` key) exports as INSERTs the database takes back: the computed columns are left
  /// out, and the re-imported rows are the same.
  @Test(arguments: backends) func sqlLeavesOutComputedColumnsAndReimports(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let db = fixture.database
    let postgres = backend == .postgresql
    try db.withChannel { channel in
      try channel.executeScript(
        postgres
          ? "CREATE TABLE priced (id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY, net INTEGER NOT NULL, "
            + "gross INTEGER GENERATED ALWAYS AS (net * 2) STORED); INSERT INTO priced (net) VALUES (5), (7)"
          : "CREATE TABLE priced (id INTEGER PRIMARY KEY, net INTEGER NOT NULL, "
            + "gross INTEGER GENERATED ALWAYS AS (net * 2) STORED); INSERT INTO priced (id, net) VALUES (1, 5), (2, 7)")
    }
    try db.reloadModel()
    let sql = try export(db, ExportRequest(entity: "priced", format: .sql))
    #expect(!sql.contains("gross"), "\(sql)")
    let id = db.dialect.quote("id")
    #expect(postgres ? !sql.contains(id) : sql.contains(id), "identity ALWAYS is left out:\n\(sql)")
    let before = try export(db, ExportRequest(entity: "priced", columns: ["net", "gross"], format: .csv))
    try db.withChannel { channel in
      try channel.executeScript("DELETE FROM priced")
      try channel.executeScript(sql)
    }
    #expect(try export(db, ExportRequest(entity: "priced", columns: ["net", "gross"], format: .csv)) == before)
    #expect(throws: FetchError.self, "naming a computed column for SQL is refused") {
      try Exporter(database: db, request: ExportRequest(entity: "priced", columns: ["gross"], format: .sql))
    }
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
