import Access
import Foundation
import SQLiteAdaptor
import Testing

/// A SQLite table whose key has no declared type holds the integer 1 and the text '1' as two
/// keys: each row's inspector shows that row, and an edit from it changes that row (the
/// integer row's page showed, and its edit changed, the text row).
@Suite struct UntypedKeyScreenTests {
  func driver() throws -> (AppDriver, String) {
    let path = try TestDatabases.directory.get().appendingPathComponent("untyped-\(UUID().uuidString).sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE t (k PRIMARY KEY, v);
      INSERT INTO t VALUES (1, 'integer row'), ('1', 'text row'), (1.5, 'real row');
      CREATE TABLE z (k TEXT PRIMARY KEY, v);
      INSERT INTO z VALUES (NULL, 'null key'), ('a', 'a row');
      """)
    let log = SQLLog()
    let driver = AppDriver(
      database: try Database(adaptor: SQLiteAdaptor(path: path, log: log)),
      countDatabase: try TestDatabases.open(path, log: log),
      ruleFiles: [], title: nil)
    return (driver, path)
  }

  @Test func eachRowsPageShowsThatRowAndItsEditChangesIt() throws {
    let (driver, path) = try driver()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(driver.screen("Enter Enter").lines[0].hasSuffix("› integer row"))
    #expect(driver.screen("Enter Down Enter").lines[0].hasSuffix("› real row"))
    #expect(driver.screen("Enter Down Down Enter").lines[0].hasSuffix("› text row"))
    let saved = driver.screen("Enter Enter e Down C-u edited C-s")
    #expect(!saved.contains("refused"), "\(saved)")
    let stored = try SQLiteAdaptor(path: path).openChannel().query(
      SQLStatement("SELECT typeof(k), k, v FROM t ORDER BY v"))
    #expect(
      stored.map { $0.values.map { $0.literalText } } == [
        ["integer", "1", "edited"], ["real", "1.5", "real row"], ["text", "1", "text row"],
      ])
  }

  /// SQLite lets a key other than an INTEGER PRIMARY KEY be NULL: no statement can name
  /// such a row, and `c`, `e` and `d` say so (`c` did nothing and said nothing).
  @Test(arguments: ["c", "e", "d"]) func aRowWithANullKeyIsRefusedWithAReason(_ key: String) throws {
    let (driver, path) = try driver()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = driver.screen("Down Enter \(key)")
    #expect(
      screen.contains("This row's key (Id) is NULL: no statement can name the row, so it cannot be"), "\(screen)")
  }
}
