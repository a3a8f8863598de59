import Access
import Foundation
import Qualifiers
import SQLiteAdaptor
import Testing

/// A SQLite column without a declared type keeps what each row stores: the integer 1 and
/// the text '1' are two values, and a key read from one row names that row, not the other.
@Suite struct SQLiteStorageClassTests {
  static let schema = """
    CREATE TABLE t (k PRIMARY KEY, v);
    INSERT INTO t VALUES (1, 'integer row'), ('1', 'text row'), (1.5, 'real row'), (x'01', 'blob row');
    """

  @Test func anUntypedColumnReadsEachRowsStorageClass() throws {
    try TestServer.withSQLite(Self.schema) { db in
      let rows = try db.fetch(FetchSpecification(entityName: "T")).rows
      let keys = Dictionary(uniqueKeysWithValues: rows.map { ($0["v"]?.stringValue ?? "", $0["id"] ?? .null) })
      #expect(keys["integer row"] == .integer(1))
      #expect(keys["text row"] == .text("1"))
      #expect(keys["real row"] == .real(1.5))
      #expect(keys["blob row"] == .blob([1]))
    }
  }

  /// A qualifier's number finds the number, its text the text (how a row's page finds the
  /// row again by its key).
  @Test func aKeyQualifierFindsTheRowOfItsStorageClass() throws {
    try TestServer.withSQLite(Self.schema) { db in
      func rows(_ value: QualifierValue) throws -> [String?] {
        try db.fetch(
          FetchSpecification(entityName: "T", qualifier: .comparison(PropertyPath(key: "id"), .equal, value))
        ).rows.map { $0["v"]?.stringValue }
      }
      let found = try [rows(.integer(1)), rows(.string("1")), rows(.decimal("1.5"))]
      #expect(found == [["integer row"], ["text row"], ["real row"]])
    }
  }

  /// The edit of the integer row changes that row (it changed the text row, whose key
  /// reads the same, when integers in untyped columns were read as text).
  @Test func anEditOfTheIntegerRowChangesThatRow() throws {
    try TestServer.withSQLite(Self.schema) { db in
      let rows = try db.fetch(FetchSpecification(entityName: "T")).rows
      let row = try #require(rows.first { $0["v"] == .text("integer row") })
      let key = try #require(row["id"])
      try db.apply([.update(entity: "T", key: ["id": key], values: ["v": .text("edited")], original: row.dictionary)])
      let stored = try db.fetch(FetchSpecification(entityName: "T")).rows.map {
        [$0["id"] ?? .null, $0["v"] ?? .null]
      }
      #expect(stored.contains([.integer(1), .text("edited")]))
      #expect(stored.contains([.text("1"), .text("text row")]))
    }
  }
}
