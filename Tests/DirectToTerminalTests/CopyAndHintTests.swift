import Access
@testable import DirectToTerminal
import Export
import Foundation
import Qualifiers
import TerminalCore
import Testing

/// `y`/`Y` copy a value as an export writes it; `y` on a NULL copies nothing and says so.
@Suite struct CopyTextTests {
  @Test func copiesUseTheExportText() {
    #expect(CellActions.copy(.bool(true)) == .copy("true", what: "“true”"))
    #expect(CellActions.copy(.blob([0x0a, 0xff])) == .copy("\\x0aff", what: "“\\x0aff”"))
    #expect(
      CopyText.row([("flag", .bool(false)), ("data", .blob([1])), ("n", .null)], format: "tsv") == "false\t\\\\x01\t\\N"
    )
    // Issue 22 item 13: CR is escaped like LF and tab, and NULL is `\N`, not the empty string.
    #expect(
      CopyText.row([("a", .text("one\r\ntwo\tthree\\")), ("b", .text("")), ("c", .null)], format: "tsv")
        == "one\\r\\ntwo\\tthree\\\\\t\t\\N")
    #expect(CellActions.copy(.null) == .banner(.notice, "NULL — nothing copied"))
  }
}

/// The empty filter line suggests a qualifier in the list's own columns.
@Suite struct FilterHintTests {
  @Test func theHintNamesTheListsColumns() throws {
    let demo = try AppDriver.demo(rules: []).screen("/ F i l m Enter Enter \\", width: 150, height: 30)
    #expect(demo.contains("title like 'A*'"), "film's text column:\n\(demo)")
    #expect(!demo.contains("lastName like"), "\(demo)")
  }

  @Test func theHintUsesATextColumnAndANumberThatIsNotTheKey() throws {
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<QueryListFeature>(PageRequest(task: .list, entityName: "Item"), session: session)
    #expect(QueryListFeature.filterHint(store.state, entity: session.entity(named: "Item")) == "name like 'A*'")
    #expect(QueryListFeature.filterHint(store.state, entity: nil) == "a qualifier: key = value and …")
    store.skipPendingWork()  // the list's fetch and count: only its hint is under test
  }
}

extension ConsoleTests {
  /// The console's export counts the statement's rows first (for the time left), as a
  /// subquery; a statement that cannot be one gives no count.
  @Test(arguments: databases())
  func aConsoleExportKnowsItsTotal(_ database: ConsoleDatabase) throws {
    let db = try Database(adaptor: try database.adaptor(readOnly: true))
    let request = QueryExportRequest(
      statement: SQLStatement("select * from account where id > 1;"), table: "account", format: .csv)
    #expect(QueryExporter(database: db, request: request).count() == 2)
    let other = database == .sqlite ? "PRAGMA table_info(account)" : "SHOW server_version"
    let pragma = QueryExportRequest(statement: SQLStatement(other), table: "x", format: .csv)
    #expect(QueryExporter(database: db, request: pragma).count() == nil)
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("after.csv").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    let out = OutputBuffer(handle: handle)
    #expect(try QueryExporter(database: db, request: request).run(into: out) == 2, "the connection still works")
    try out.flush()
    try handle.close()
  }
}
