import Access
@testable import DirectToTerminal
import Foundation
import SQLiteAdaptor
import TerminalCore
import Testing

/// `v`: a value in full — JSON pretty-printed and folded, binary as hex, arrays as lists,
/// long text wrapped and searched.
@Suite struct ValueViewerTests {
  @Test func jsonKeepsKeyOrderAndNumbersAndFolds() throws {
    let document = ViewerDocument(.json(#"{"b":1.50,"a":[1,{"x":"y, z"}],"e":{}}"#), width: 40)
    #expect(
      document.lines.map(\.text) == [
        "{", #"  "b": 1.50,"#, #"  "a": ["#, "    1,", "    {", #"      "x": "y, z""#, "    }", "  ],", #"  "e": {}"#,
        "}",
      ])
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .json(#"{"b":1.50,"a":[1,{"x":"y, z"}],"e":{}}"#))),
      session: session)
    store.send(.navigate(.down)) { $0.cursor = 1 }
    store.send(.navigate(.down)) { $0.cursor = 2 }
    store.send(.toggleFold) { $0.folded = [2] }
    #expect(store.state.visible == [0, 1, 2, 8, 9], "the array's lines are folded away")
    store.send(.toggleFold) { $0.folded = [] }
  }

  @Test func binaryAsHexAndArraysAsLists() {
    let hex = ViewerDocument(.blob(Array("d2t\u{0}".utf8)), width: 80)
    #expect(hex.lines.map(\.text) == ["00000000  64 32 74 00" + String(repeating: " ", count: 36) + "  |d2t.|"])
    let array = ViewerDocument(.array([.text("a,b"), .null, .text("")]), width: 80)
    #expect(array.lines.map(\.text) == ["[0] a,b", "[1] ∅", "[2] "])
  }

  @Test func searchFindsTheNextMatch() throws {
    let text = (1...50).map { "line \($0)" }.joined(separator: "\n")
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .text(text))), session: session)
    store.send(.beginSearch) { $0.input = .init("") }
    for character in "line 4" {
      store.send(.searchKey(.char(character))) { _ = $0.input?.handle(.char(character)) }
    }
    store.send(.searchKey(.init(.enter))) {
      $0.input = nil
      $0.search = "line 4"
      $0.cursor = 3
    }
    store.send(.next(forward: true)) {
      $0.cursor = 39
      $0.top = 21
    }
    store.send(.next(forward: false)) {
      $0.cursor = 3
      $0.top = 3
    }
  }

  /// `N` on the first line wraps round to the last match (it trapped on a `0...-1` range), and
  /// on a one-line value without a match it only says so.
  @Test func previousMatchFromTheFirstLineWrapsAround() throws {
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .text("a\nxa\nb\nxb"))), session: session)
    store.send(.beginSearch) { $0.input = .init("") }
    store.send(.searchKey(.char("x"))) { _ = $0.input?.handle(.char("x")) }
    store.send(.searchKey(.init(.enter))) {
      $0.input = nil
      $0.search = "x"
      $0.cursor = 1
    }
    store.send(.navigate(.up)) { $0.cursor = 0 }
    store.send(.next(forward: false)) { $0.cursor = 3 }

    let single = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .text("abc"))), session: session)
    single.send(.beginSearch) { $0.input = .init("") }
    single.send(.searchKey(.char("x"))) { _ = $0.input?.handle(.char("x")) }
    single.send(.searchKey(.init(.enter))) {
      $0.input = nil
      $0.search = "x"
      $0.message = "“x” not found"
    }
    single.send(.next(forward: false))
    #expect(single.state.cursor == 0)
    #expect(single.state.message == "“x” not found")
  }

  /// A 100 KB value in a real table: `v` shows it all, `G` reaches its end.
  @Test func aHundredKilobyteValueIsShownInFull() throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("long.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    let long = (1...2000).map { "word\($0)" }.joined(separator: " ") + " THE-END"
    #expect(long.utf8.count > 15_000)
    let big = String(repeating: long + "\n", count: 7)
    #expect(big.utf8.count > 100_000)
    try channel.executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    try channel.execute(SQLStatement("INSERT INTO note (id, body) VALUES (1, ?)", [.text(big)]))
    channel.close()
    let log = SQLLog()
    let driver = AppDriver(
      database: try TestDatabases.open(path, log: log), countDatabase: try TestDatabases.open(path, log: log),
      ruleFiles: [], title: nil)
    let screen = driver.screen("Enter ] v G", width: 120, height: 20)
    #expect(screen.breadcrumb.hasSuffix("… · Body"), "\(screen)")
    #expect(screen.contains("THE-END"), "the end of the value is reachable:\n\(screen)")
    #expect(screen.contains(/text · line [0-9]+ of [0-9]+/), "\(screen)")
  }
}
