import Access
@testable import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import SQLiteAdaptor
import Testing

/// A 100 KB text in the inspector (DisplayLargeString) is laid out once per width, not on
/// every frame or key, so the app stays responsive and idle while it is on screen.
@Suite struct InspectLongValueTests {
  static func value(_ tag: String) -> String {
    tag + " " + String(repeating: "x", count: 102_400 - tag.count - 1)
  }

  func check(_ adaptor: any Adaptor, text: String, json: String? = nil) throws {
    let driver = AppDriver(
      database: try Database(adaptor: adaptor), countDatabase: try Database(adaptor: adaptor), ruleFiles: [],
      title: nil)
    var app = driver.makeApp()
    let first = run(&app, "Enter Enter", width: 120, height: 30)
    #expect(first.contains("xxxxxxxx"), "the long value in the inspector:\n\(first)")
    let afterOpening = LayoutCache.shared.computations(of: text)
    let jsonAfterOpening = json.map { LayoutCache.shared.computations(of: $0) }
    if let jsonAfterOpening { #expect(jsonAfterOpening >= 1, "the JSON pretty-printed:\n\(first)") }
    #expect(afterOpening >= 1 && afterOpening <= 2, "laid out at the pane's width:\n\(first)")
    let later = run(&app, "j k j k j k j k j k", width: 120, height: 30)
    #expect(
      LayoutCache.shared.computations(of: text) == afterOpening,
      "ten keys and frames later, not laid out again:\n\(later)")
    if let json { #expect(LayoutCache.shared.computations(of: json) == jsonAfterOpening, "nor the JSON") }
  }

  /// A wake with nothing new (no result, no spinner) asks for no frame: the event loop
  /// draws only when something may have changed, so an idle app uses no CPU.
  @Test func anIdleTickAsksForNoRedraw() throws {
    let driver = try AppDriver.demo(rules: [])
    var configuration = D2TConfiguration(
      database: driver.database, countDatabase: driver.countDatabase, ruleFiles: [], watchesRuleFiles: false)
    configuration.followsData = false
    var app = D2TApp(configuration)
    _ = run(&app, "Enter", width: 120, height: 30)
    #expect(app.tick() == false, "nothing arrived, nothing turns")
  }

  @Test func sqlite() throws {
    let text = Self.value("sqlite")
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("long.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    let json = "[" + (1...6000).map { #"{"n":\#($0)}"# }.joined(separator: ",") + "]"
    try channel.executeScript("CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT, body TEXT, meta JSON)")
    try channel.execute(SQLStatement("INSERT INTO doc VALUES (1, 'one', ?, ?)", [.text(text), .text(json)]))
    channel.close()
    try check(SQLiteAdaptor(path: path, readOnly: true), text: text, json: json)
  }

  @Test(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL"))
  func postgres() throws {
    let text = Self.value("postgres")
    let url = try PostgresDemo.createDatabase(prefix: "d2t_longvalue")
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    try channel.executeScript("CREATE TABLE doc (id integer PRIMARY KEY, title text, body text)")
    try channel.executeScript(
      "INSERT INTO doc VALUES (1, 'one', 'postgres ' || repeat('x', \(102_400 - 9)))")
    channel.close()
    try check(PostgreSQLAdaptor(connectionString: url, readOnly: true), text: text)
  }
}

/// Wrapping is linear: a word far wider than the line is cut in one pass, same lines as before.
@Suite struct WrapTests {
  @Test func aLongWordIsCutIntoFullLines() {
    let lines = ("ab " + String(repeating: "x", count: 25) + " cd").wrapped(toWidth: 10)
    #expect(lines == ["ab", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx cd"])
    #expect("日本語テキスト".wrapped(toWidth: 5) == ["日本", "語テ", "キス", "ト"])
  }
}
