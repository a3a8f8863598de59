import DirectToTerminal
import Foundation
import TerminalCore
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

  /// With marks, `x` writes only the marked rows (in the list's order): items 1 and 3.
  @Test func onlyTheMarkedRowsAreExported() throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("marked.csv").path
    let screen = try AppDriver.large().screen(
      "Enter Space Down Space x c Tab C-u " + typing(path) + " Enter", width: 120, height: 24)
    #expect(screen.contains("Exported 2 rows to "), "\(screen)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) } == ["1", "3"],
      "\(text)")
  }

  /// With marks, `Y` asks the format — tab-separated, CSV, JSON lines, a Markdown table —
  /// and copies the marked rows in the list's order; the format chosen is offered first next
  /// time.
  @Test func yCopiesTheMarkedRowsInTheFormatChosen() throws {
    var app = try AppDriver.large().makeApp()
    let backend = TestBackend(size: Size(width: 120, height: 24))
    let asked = Screen(
      D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Enter Space Space Down Space Y")))
    #expect(asked.contains("3 marked") && asked.contains("Copy 3 marked rows as"), "\(asked)")
    _ = D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Enter"))
    #expect(
      backend.copiedTexts.last?.split(separator: "\n").map(String.init) == [
        "Id\tName\tPrice\tColor", "1\titem 1\t0.1\tgreen", "2\titem 2\t0.2\tblue", "4\titem 4\t0.4\tred",
      ], "\(backend.copiedTexts)")
    _ = D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Y Right Enter"))
    #expect(
      backend.copiedTexts.last?.split(separator: "\n").first == "Id,Name,Price,Color", "CSV: \(backend.copiedTexts)")
    _ = D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Y Enter"))
    #expect(backend.copiedTexts.last?.split(separator: "\n").last == "4,item 4,0.4,red", "CSV remembered")
    _ = D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Y Right Right Enter"))
    #expect(
      backend.copiedTexts.last?.split(separator: "\n").map(String.init).prefix(3) == [
        "| Id | Name | Price | Color |", "| --- | --- | --- | --- |", "| 1 | item 1 | 0.1 | green |",
      ], "Markdown: \(backend.copiedTexts)")
  }

  /// With marks, `F` counts the values of the marked rows only.
  @Test func fCountsTheMarkedRows() throws {
    var app = try AppDriver.large().makeApp()
    let backend = TestBackend(size: Size(width: 120, height: 24))
    let counted = Screen(D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Enter Space Space ] ] ] F")))
    #expect(counted.contains(/blue +1 +50.0%/) && counted.contains(/green +1 +50.0%/), "\(counted)")
  }

  /// With marks, `=` keeps only the marked rows and `!` only the others.
  @Test func equalsAndBangFilterByTheMarks() throws {
    var app = try AppDriver.large().makeApp()
    let backend = TestBackend(size: Size(width: 120, height: 24))
    let only = Screen(D2TRunner.headless(&app, on: backend, script: D2TRunner.script("Enter Space Space Down Space =")))
    #expect(only.contains("(3)") || only.contains("3 of"), "\(only)")
    #expect(only.contains("item 4") && !only.contains("item 3 "), "\(only)")
  }
}
