import Foundation
import Testing

/// `x` on a list: what the list shows — filter, search, sort, columns — written to a file
/// off the UI thread, compared byte for byte with the expected file.
@Suite struct ListExportTests {
  static let expected = TestDatabases.repositoryRoot
    .appendingPathComponent("Tests/DirectToTerminalTests/Expected")

  /// The `item` list filtered to red items under id 30 and searched for "2" (ids 28, 24, 20,
  /// 12), sorted by id descending, exported with format key `key` to a scratch file.
  func export(key: String, format: String, driver: AppDriver) throws -> (String, Screen, String) {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("items." + format).path
    let keys =
      "Enter \\ " + typing("id < 30 and color = 'red'") + " Enter / 2 Enter S x "
      + key + " Tab C-u " + typing(path) + " Enter"
    let screen = driver.screen(keys, width: 120, height: 24)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return (text, screen, path)
  }

  /// In the narrow third pane every format and the whole hint are shown, wrapped, never cut.
  @Test func theExportPageFitsANarrowPane() throws {
    let screen = try AppDriver.demo().screen("Down Down Enter x", width: 140, height: 30)
    let pane = try #require(screen.pane(titled: "Export"), "\(screen)")
    #expect(
      pane.contains { $0.contains("( ) SQL INSERT") } && pane.contains { $0.contains("( ) JSON Lines") }, "\(pane)")
    #expect(pane.contains { $0.contains("Esc closes") }, "\(pane)")
    #expect(!pane.contains { $0.contains("…") && $0.contains("SQL") }, "\(pane)")
  }

  @Test(arguments: [("c", "csv"), ("j", "jsonl"), ("s", "sql")])
  func exportOfAFilteredSearchedSortedList(_ key: String, _ format: String) throws {
    let (text, screen, path) = try export(key: key, format: format, driver: try AppDriver.large())
    let expected = try String(
      contentsOf: Self.expected.appendingPathComponent("items-red-2." + format), encoding: .utf8)
    #expect(text == expected, "got:\n\(text)")
    #expect(screen.contains("Exported 4 rows to "), "the status bar says where:\n\(screen)")
    #expect(!FileManager.default.fileExists(atPath: path + ".part"), "no partial file is left")
  }

  @Test(
    .enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL"),
    arguments: [("c", "csv"), ("j", "jsonl"), ("s", "sql")])
  func exportOfAFilteredSearchedSortedListOnPostgres(_ key: String, _ format: String) throws {
    let (text, screen, path) = try export(key: key, format: format, driver: try AppDriver.postgresLarge())
    let expected = try String(
      contentsOf: Self.expected.appendingPathComponent("items-red-2-postgres." + format), encoding: .utf8)
    #expect(text == expected, "got:\n\(text)")
    #expect(screen.contains("Exported 4 rows to "), "the status bar says where:\n\(screen)")
    #expect(!FileManager.default.fileExists(atPath: path + ".part"), "no partial file is left")
  }
}
