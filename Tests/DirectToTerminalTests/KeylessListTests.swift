import Access
import Foundation
import SQLiteAdaptor
import Testing

/// Lists of a table and a view without a key, longer than the rows a list keeps loaded:
/// paging down, to the end and back fetches their pages by offset (a page key would skip a
/// duplicate row; the app crashed asking for one).
@Suite struct KeylessListTests {
  /// `reading(sensor, amount)` with no key: 1,000 rows, amounts 1…500 each twice, and
  /// `reading_view` over it.
  static let database: Result<String, any Error> = Result {
    let path = try TestDatabases.directory.get().appendingPathComponent("keyless.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE reading (sensor TEXT NOT NULL, amount INTEGER NOT NULL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
      INSERT INTO reading SELECT 's', (i + 1) / 2 FROM n;
      CREATE VIEW reading_view AS SELECT sensor, amount FROM reading;
      """)
    return path
  }

  static func driver() throws -> AppDriver {
    let log = SQLLog()
    let path = try database.get()
    return AppDriver(
      database: try TestDatabases.open(path, log: log), countDatabase: try TestDatabases.open(path, log: log),
      ruleFiles: [], title: nil)
  }

  static let down = Array(repeating: "PageDown", count: 60).joined(separator: " ")
  static let up = Array(repeating: "PageUp", count: 60).joined(separator: " ")

  /// The list pane's rows below its header.
  static func rows(_ screen: Screen, _ entity: String) throws -> [String] {
    try #require(screen.pane(titled: entity + " (1,000)"), "\(screen)").dropFirst().map {
      $0.split(separator: " ").joined(separator: " ")
    }
  }

  @Test(arguments: [("Enter", "Reading"), ("Down Enter", "ReadingView")])
  func pagingPastTheLoadedRowsAndBack(_ open: String, _ entity: String) throws {
    let screen = try Self.driver().screen(open + " " + Self.down, width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 901 of 1,000"), "\(screen)")
    #expect(try Self.rows(screen, entity).prefix(4) == ["s 451", "s 451", "s 452", "s 452"], "\(screen)")
    let back = try Self.driver().screen(open + " " + Self.down + " " + Self.up, width: 100, height: 20)
    #expect(back.statusBar.hasSuffix("row 1 of 1,000"), "\(back)")
    #expect(try Self.rows(back, entity).prefix(3) == ["s 1", "s 1", "s 2"], "\(back)")
  }

  @Test func fromTheEndUpPastTheLoadedRows() throws {
    let screen = try Self.driver().screen("Down Enter G " + Self.up, width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 100 of 1,000"), "\(screen)")
    #expect(try Self.rows(screen, "ReadingView").suffix(3) == ["s 49", "s 50", "s 50"], "\(screen)")
  }
}
