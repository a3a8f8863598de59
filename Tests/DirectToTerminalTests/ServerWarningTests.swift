import Access
import DirectToTerminal
import Foundation
import MySQLAdaptor
import TestSupport
import Testing

/// Issue 26 item 4 in the app: on a MariaDB session outside a strict `sql_mode` a save the
/// server would change (a number out of range, clipped to 127) is rolled back and asks;
/// "Keep editing" leaves the row as it was, "Save anyway" stores what the server makes of it
/// and says so; a console write the server changed says so before Commit.
@Suite(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason))
struct ServerWarningTests {
  let url: String

  init() throws {
    let scratch = try ScratchMariaDB.create(prefix: "d2t_warn")
    let channel = try MySQLAdaptor(url: scratch).openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      CREATE TABLE item (
        id integer PRIMARY KEY, name varchar(20) NOT NULL, qty tinyint NOT NULL, kit SET('nut', 'washer') NOT NULL
      );
      INSERT INTO item VALUES (1, 'bolt', 5, 'nut');
      """)
    url =
      scratch + "?init-command=" + "SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'"
      .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
  }

  func app() throws -> (D2TApp, any Adaptor) {
    let adaptor = MySQLAdaptor(url: url)
    let database = try Database(adaptor: adaptor)
    let app = D2TApp(
      D2TConfiguration(
        database: database, countDatabase: try Database(adaptor: adaptor, model: database.model),
        ruleFiles: [], theme: .builtinDefault, title: "Warnings"))
    return (app, adaptor)
  }

  func quantity(_ adaptor: any Adaptor) throws -> DatabaseValue? {
    let channel = try adaptor.openChannel()
    defer { channel.close() }
    return try channel.query(SQLStatement("SELECT qty FROM item WHERE id = 1")).first?["qty"]
  }

  /// From the item list: `e`, down to Qty, 1000 typed over 5, Ctrl-S.
  static let edit = "Enter e Down Down C-u " + typing("1000") + " C-s"

  @Test func aSaveTheServerWouldChangeAsksAndKeepEditingStoresNothing() throws {
    defer { ScratchMariaDB.drop(url) }
    var (app, adaptor) = try app()
    let asked = run(&app, Self.edit, width: 100, height: 30)
    #expect(asked.contains("The server would change your values"), "\(asked)")
    #expect(asked.contains("Out of range value for column 'qty'"), "\(asked)")
    #expect(asked.contains("Save anyway"), "\(asked)")
    #expect(try quantity(adaptor) == .integer(5), "rolled back while it asks")
    let kept = run(&app, "Enter", width: 100, height: 30)
    #expect(!kept.contains("The server would change your values"), "\(kept)")
    #expect(kept.contains("1000"), "the input stays:\n\(kept)")
    #expect(try quantity(adaptor) == .integer(5))
  }

  @Test func saveAnywayStoresWhatTheServerMakesOfIt() throws {
    defer { ScratchMariaDB.drop(url) }
    var (app, adaptor) = try app()
    _ = run(&app, Self.edit, width: 100, height: 30)
    let saved = run(&app, "Left Enter", width: 100, height: 30)
    #expect(saved.contains("as the server stored it"), "\(saved)")
    #expect(try quantity(adaptor) == .integer(127), "the server clipped it")
    #expect(saved.contains("127"), "the row shows what is stored:\n\(saved)")
  }

  /// A `SET` takes any of its members, comma-separated: another value is refused before
  /// anything is sent (the server would drop it with only a warning), naming the members.
  @Test func aSetValueIsCheckedAgainstItsMembers() throws {
    defer { ScratchMariaDB.drop(url) }
    var (app, _) = try app()
    let refused = run(&app, "Enter e Down Down Down C-u " + typing("nut,bolt") + " C-s", width: 120, height: 30)
    #expect(refused.contains("Not saved — Kit: 'bolt' is not one of"), "\(refused)")
    #expect(refused.contains("⚠ 'bolt' is not one of nut, wash"), "\(refused)")
    let saved = run(&app, "C-u " + typing("washer,nut") + " C-s", width: 120, height: 30)
    #expect(saved.contains("Saved Item"), "\(saved)")
  }

  /// A console write (run in a transaction) the server changed says so before Commit;
  /// Rollback leaves the row.
  @Test func aConsoleWriteTheServerChangedSaysSoBeforeCommit() throws {
    defer { ScratchMariaDB.drop(url) }
    var (app, adaptor) = try app()
    let asked = run(&app, ": " + typing("update item set qty = 1000") + " C-r r", width: 120, height: 30)
    #expect(asked.contains("server changed values as it stored them: Out of range"), "\(asked)")
    #expect(asked.contains("value for column 'qty' at row 1. Commit or roll back?"), "\(asked)")
    #expect(try quantity(adaptor) == .integer(5), "not committed yet")
    let narrow = run(&app, "", width: 90, height: 30)
    #expect(narrow.count(of: "1 row affected ⚠") == 1, "a long outcome is said once, whole:\n\(narrow)")
    let rolledBack = run(&app, "r", width: 120, height: 30)
    #expect(rolledBack.contains("Rolled back"), "\(rolledBack)")
    #expect(try quantity(adaptor) == .integer(5))
  }
}
