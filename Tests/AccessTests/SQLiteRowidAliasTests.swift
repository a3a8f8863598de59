import Access
import Foundation
import SQLiteAdaptor
import Testing

/// Only a real rowid alias is generated; SQLite's exceptions stay writable.
@Suite struct SQLiteRowidAliasTests {
  @Test func onlyARealRowidAliasIsGenerated() throws {
    let path = TestServer.sqlitePath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript(
      """
      CREATE TABLE alias (id INTEGER PRIMARY KEY, v TEXT);
      CREATE TABLE descending (id INTEGER PRIMARY KEY DESC, v TEXT);
      CREATE TABLE int_key (id INT PRIMARY KEY, v TEXT);
      CREATE TABLE no_rowid (id INTEGER PRIMARY KEY, v TEXT) WITHOUT ROWID;
      CREATE TABLE constraint_key (id INTEGER, v TEXT, PRIMARY KEY (id));
      """)
    let catalog = try channel.readCatalog()
    func generated(_ table: String) -> Bool? {
      catalog.tables.first { $0.name == table }?.columns.first { $0.name == "id" }?.isGenerated
    }
    #expect(generated("alias") == true)
    #expect(generated("descending") == false)
    #expect(generated("int_key") == false)
    #expect(generated("no_rowid") == false)
    #expect(generated("constraint_key") == true)
  }
}
