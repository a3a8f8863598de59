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

/// Issue 22 item 19: SQLite integer columns named as flags are Boolean, as the reference
/// shows them; a name that only starts with the letters is not.
@Suite struct SQLiteFlagColumnTests {
  @Test func isCanAndHasIntegerColumnsAreBoolean() throws {
    try TestServer.withSQLite(
      """
      CREATE TABLE member (id INTEGER PRIMARY KEY, is_active INTEGER, can_login INT, hasChildren TINYINT,
        island INTEGER, is_note TEXT);
      INSERT INTO member VALUES (1, 1, 0, 1, 7, 'x');
      """
    ) { db in
      let member = try #require(db.model[entity: "Member"])
      #expect(member[attribute: "isActive"]?.valueType == .boolean)
      #expect(member[attribute: "canLogin"]?.valueType == .boolean)
      #expect(member[attribute: "hasChildren"]?.valueType == .boolean)
      #expect(member[attribute: "island"]?.valueType == .integer(bits: 64))
      #expect(member[attribute: "isNote"]?.valueType == .text(maxLength: nil, isFixedWidth: false))
      let row = try #require(try db.fetch(FetchSpecification(entityName: "Member")).rows.first)
      #expect(row["isActive"] == .bool(true) && row["canLogin"] == .bool(false) && row["island"] == .integer(7))
    }
  }
}
