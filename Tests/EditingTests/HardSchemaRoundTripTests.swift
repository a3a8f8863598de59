import Access
import Export
import Foundation
import Testing

/// Every hard-schema table exported as SQL, emptied, and filled again from that file holds
/// exactly the rows it held (issue 22): arrays with and without bounds, composite types,
/// SQLite's mixed storage classes, dates kept as text, generated and identity columns
/// (computed again), unique-key tables, odd names, NULL beside empty text, binary, JSON.
@Suite(.serialized) struct HardSchemaRoundTripTests {
  /// (MariaDB's round trip of its own hard schema is in MySQLAdaptorTests.)
  static let backends = EditingTests.backends.filter { $0 != .mariadb }

  /// A schema of odd names and exact values, per engine.
  static func oddValues(_ backend: EditingFixture.Backend) -> String {
    switch backend {
    case .postgresql:
      return #"""
        CREATE TABLE "Order Details" ("Order ID" int PRIMARY KEY, "prix€" numeric(12,4), "emoji😀" text,
          at timestamptz, day date, flag boolean, data bytea, doc jsonb, id2 uuid, note text);
        INSERT INTO "Order Details" VALUES
          (1, 12.3400, 'Zoë "q", x', '2005-05-24 22:53:30.120+02', '1999-12-31', true, '\x00ff', '{"a": [1, 2]}',
           'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', ''),
          (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
          (3, -0.0001, E'tab\there\nline', '0044-03-15 12:00:00+00', '0001-01-01', false, '\x', 'null', NULL, 'NULL');
        """#
    case .sqlite:
      return """
        CREATE TABLE "Order Details" ("Order ID" INTEGER PRIMARY KEY, "prix€" DECIMAL(12,4), "emoji😀" TEXT,
          at TIMESTAMP, day DATE, is_done INTEGER, data BLOB, note TEXT);
        INSERT INTO "Order Details" VALUES
          (1, 12.34, 'Zoë "q", x', '2024-02-29', '2024-2-3', 1, x'00ff', ''),
          (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
          (3, -0.0001, 'tab	here
        line', '1999-12-31T23:59:59', 'soon', 0, x'', 'NULL');
        """
    case .mariadb:
      return ""
    }
  }

  static func schemas(_ backend: EditingFixture.Backend) -> [String] {
    var schemas = [
      HardSchemaChecks.generatedSchema(backend), HardSchemaChecks.uniqueKeySchema, oddValues(backend),
    ]
    switch backend {
    case .postgresql: schemas += [HardSchemaChecks.arraySchema, HardSchemaChecks.lockedSchema]
    case .sqlite: schemas.append(HardSchemaChecks.mixedSchema)
    case .mariadb: break
    }
    return schemas
  }

  @Test(arguments: backends) func everyTableReimportsItsRowsExactly(_ backend: EditingFixture.Backend) throws {
    for schema in Self.schemas(backend) {
      let fixture = try HardSchemaFixture(backend, schema: schema)
      defer { fixture.close() }
      let db = try fixture.database()
      defer { db.close() }
      for entity in db.model.entities where !entity.isView {
        do {
          try roundTrip(entity, in: db, backend: backend)
        } catch {
          Issue.record("\(backend) \(entity.table): \(error)")
        }
      }
    }
  }

  private func roundTrip(_ entity: Entity, in db: Database, backend: EditingFixture.Backend) throws {
    do {
      // (An empty table's export is empty, and runs as nothing on both engines.)
      let table = db.dialect.quote(table: entity.table, schema: entity.schema)
      // The columns an export writes: not those the database computes.
      let columns = entity.attributes.filter { !$0.isReadOnly && !($0.isGenerated && $0.isPrimaryKey) }
      let before = try rows(of: table, columns: columns.map(\.column), in: db)
      let out = OutputBuffer(handle: nil)
      try Exporter(database: db, request: ExportRequest(entity: entity.name, format: .sql)).run(into: out)
      let sql = String(decoding: out.collected, as: UTF8.self)
      try db.withChannel { channel in
        try channel.executeScript("DELETE FROM \(table)")
        try channel.executeScript(sql)
      }
      let after = try rows(of: table, columns: columns.map(\.column), in: db)
      #expect(after == before, "\(backend) \(entity.table): \(sql)")
      #expect(
        !before.isEmpty || ["later", "secret_notes"].contains(entity.table), "\(entity.table) has rows to compare")
    }
  }

  /// The table's rows as the database gives them (no hint of d2t's), each as text, sorted:
  /// what is stored, compared exactly.
  private func rows(of table: String, columns: [String], in db: Database) throws -> [String] {
    let list = columns.map { db.dialect.quote($0) }.joined(separator: ", ")
    var rows: [String] = []
    try db.withChannel { channel in
      try channel.query(SQLStatement("SELECT \(list) FROM \(table)")) { row in
        rows.append(row.values.map { "\($0)" }.joined(separator: " | "))
        return true
      }
    }
    return rows.sorted()
  }
}
