import Access
import Foundation
import SQLiteAdaptor
import Testing

/// The default rules show long text and JSON in full in the inspector, not cut off.
@Suite struct FullValueDefaultsTests {
  @Test func longTextWrapsAndJSONIsIndentedInTheInspector() throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("docs.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    let note = (1...40).map { "word\($0)" }.joined(separator: " ") + " LAST"
    try channel.executeScript("CREATE TABLE doc (id INTEGER PRIMARY KEY, note TEXT, meta JSON)")
    try channel.execute(
      SQLStatement(
        "INSERT INTO doc (id, note, meta) VALUES (1, ?, ?)", [.text(note), .text(#"{"tags":["a","b"],"n":1}"#)]))
    channel.close()
    let log = SQLLog()
    let driver = AppDriver(
      database: try TestDatabases.open(path, log: log), countDatabase: try TestDatabases.open(path, log: log),
      ruleFiles: [], title: nil)
    let screen = driver.screen("Enter Enter", width: 120, height: 30)
    let inspector = try #require(screen.pane(titled: "word1 word2"), "\(screen)")
    #expect(inspector.contains { $0.contains("LAST") }, "the whole note, wrapped:\n\(screen)")
    #expect(!inspector.contains { $0.contains("…") }, "nothing cut off:\n\(screen)")
    #expect(
      inspector.contains { $0.contains(#""tags""#) } && inspector.count(where: { $0.contains("\"") }) > 1,
      "JSON over several lines:\n\(screen)")
  }
}

/// Rows of views (no key) open read-only, every value shown in full.
@Suite struct KeylessRowsTests {
  @Test func aViewRowOpensInTheInspectorWithEveryValue() throws {
    let screen = try AppDriver.demo(rules: []).screen("/ F i l m L i Enter Enter Enter", width: 150, height: 30)
    #expect(screen.breadcrumb.contains("FilmList ›"), "the row opened:\n\(screen)")
    #expect(screen.contains(/│▌FID +1[ ]/), "\(screen)")
    #expect(screen.contains("Category"), "every column, not just the list's:\n\(screen)")
    let refused = try AppDriver.demo(rules: []).screen("/ F i l m L i Enter Enter Enter e", width: 150, height: 30)
    #expect(
      refused.contains("Film List is a view: it cannot be changed"),
      "editing is refused in words:\n\(refused)")
  }

  /// The key bar offers no edit, new or delete where rows cannot be changed; a table's does.
  @Test func theKeyBarOffersNoChangeOnAView() throws {
    let view = try AppDriver.demo(rules: []).screen("/ F i l m L i Enter Enter", width: 150, height: 30)
    #expect(!view.statusBar.contains("Edit") && !view.statusBar.contains("Delete"), "\(view.statusBar)")
    let inspector = try AppDriver.demo(rules: []).screen("/ F i l m L i Enter Enter Enter", width: 150, height: 30)
    #expect(!inspector.statusBar.contains("Edit"), "\(inspector.statusBar)")
    let table = try AppDriver.demo(rules: []).screen("Down Down Enter", width: 150, height: 30)
    #expect(table.statusBar.contains("e Edit") && table.statusBar.contains("d Delete"), "\(table.statusBar)")
  }
}
