import Access
import DirectToTerminal
import Foundation
import TestSupport
import Testing

/// The SQL console (`:`) headless on SQLite, PostgreSQL and MariaDB: first rows of a 1,000,000-row
/// table, `G` to the last, an error with its position marked, a change committed and one
/// rolled back, a read-only session refusing a change, and Enter opening a table's row.
@Suite(.serialized) struct ConsoleTests {
  static let size = (width: 100, height: 30)

  static func databases() -> [ConsoleDatabase] {
    [.sqlite] + (PostgresDemo.enabled ? [.postgres] : []) + (MariaDBTests.areOn ? [.mariadb] : [])
  }

  /// `:`, the statement typed, then `run` (default Ctrl-R).
  static func statement(_ sql: String, run: String = "C-r") -> String {
    ": " + typing(sql) + " " + run
  }

  func screen(_ app: inout D2TApp, _ keys: String) -> Screen {
    run(&app, keys, width: Self.size.width, height: Self.size.height)
  }

  @Test(arguments: databases())
  func firstRowsOfAMillionRowsThenGToTheLast(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let first = screen(&app, Self.statement("select * from big order by id"))
    #expect(first.contains(/│ *id +name +1\/\d+\+ *│/), "\(first)")
    #expect(first.contains(/│ *1 +name 1 +│/), "\(first)")
    #expect(first.statusBar.contains(/row 1 of \d+\+/), "the total is not known yet:\n\(first)")
    let last = screen(&app, "G")
    #expect(last.contains("name 1000000"), "\(last)")
    #expect(last.statusBar.hasSuffix("row 1,000,000 of 1,000,000"), "\(last)")
    #expect(last.contains("SQL console (1,000,000 rows)"), "\(last)")
    let back = screen(&app, "g")
    #expect(back.contains(/│ *1 +name 1 +│/), "g reads the first rows again:\n\(back)")
    #expect(back.statusBar.hasSuffix("row 1 of 1,000,000"), "\(back)")
  }

  @Test(arguments: databases())
  func semicolonAndEnterRunsAndEnterElsewhereBreaksTheLine(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(
      &app, ": " + typing("select id, owner") + " Enter " + typing("from account order by id;") + " Enter")
    #expect(screen.contains(/│ *id +owner +1\/3 *│/), "\(screen)")
    #expect(screen.contains(/│ *3 +cy +│/), "\(screen)")
  }

  @Test(arguments: databases())
  func anErrorShowsItsPosition(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(&app, Self.statement("select nme from big"))
    #expect(screen.contains("⚠"), "\(screen)")
    #expect(screen.contains("nme"), "\(screen)")
    let sqlLine = try #require(screen.lines.firstIndex { $0.contains("line 1: select nme from big") }, "\(screen)")
    let caretLine = Array(screen.lines[sqlLine + 1])
    let statementLine = Array(screen.lines[sqlLine])
    let caret = try #require(caretLine.firstIndex(of: "^"), "\(screen)")
    let nme = try #require(String(statementLine).range(of: "nme"))
    #expect(caret == String(statementLine)[..<nme.lowerBound].count, "the caret is under `nme`:\n\(screen)")
  }

  @Test(arguments: databases())
  func anUpdateConfirmedAndCommitted(_ database: ConsoleDatabase) throws {
    var (app, adaptor) = try database.app()
    let asked = screen(&app, Self.statement("update account set balance = 99 where id = 1"))
    #expect(asked.contains("Change data?"), "\(asked)")
    let ran = screen(&app, "r")
    #expect(ran.contains("1 row affected"), "\(ran)")
    #expect(ran.contains("Commit or roll back?"), "\(ran)")
    #expect(try ConsoleDatabase.balance(of: 1, in: adaptor) == 10, "not committed yet")
    let committed = screen(&app, "c")
    #expect(committed.contains("Committed"), "\(committed)")
    #expect(try ConsoleDatabase.balance(of: 1, in: adaptor) == 99)
  }

  @Test(arguments: databases())
  func anUpdateRolledBack(_ database: ConsoleDatabase) throws {
    var (app, adaptor) = try database.app()
    _ = screen(&app, Self.statement("update account set balance = balance + 1") + " r")
    let rolledBack = screen(&app, "r")
    #expect(rolledBack.contains("Rolled back"), "\(rolledBack)")
    #expect(try ConsoleDatabase.balance(of: 2, in: adaptor) == 20)
    let cancelled = screen(&app, "C-u " + typing("delete from account") + " C-r c")
    #expect(!cancelled.contains("Commit or roll back?"), "Cancel runs nothing:\n\(cancelled)")
    #expect(try ConsoleDatabase.balance(of: 3, in: adaptor) == 30)
  }

  @Test(arguments: databases())
  func aReadOnlySessionRefusesAChange(_ database: ConsoleDatabase) throws {
    var (app, adaptor) = try database.app(readOnly: true)
    let screen = screen(&app, Self.statement("update account set balance = 0"))
    #expect(!screen.contains("Change data?"), "no question: it runs read-only:\n\(screen)")
    #expect(screen.contains("⚠"), "\(screen)")
    #expect(try ConsoleDatabase.balance(of: 1, in: adaptor) == 10)
  }

  @Test(arguments: databases())
  func enterOpensARowOfOneTable(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(&app, Self.statement("select * from account where balance > 15 order by id") + " Enter")
    #expect(screen.contains(/Owner +bob/), "the inspect page of account 2:\n\(screen)")
  }

  @Test func statementsAreRecalledButNeverOneWithAPasswordValue() throws {
    var (app, _) = try ConsoleDatabase.sqlite.app()
    _ = screen(&app, Self.statement("select owner from account where balance > 15"))
    _ = screen(&app, "Tab C-u " + typing("select * from account where password_hash = 'x'") + " C-r")
    let recalled = screen(&app, "C-u Up")
    #expect(recalled.contains("││select owner from account where balance > 15"), "\(recalled)")
    #expect(
      !recalled.contains("││select * from account where password_hash"),
      "the statement with a password value is not kept:\n\(recalled)")
  }

  /// Issue 22 item 8: a statement that sets a role's password is neither remembered nor
  /// logged nor shown in the debug overlay's SQL, whether it ran or was refused.
  @Test(arguments: databases())
  func aStatementSettingAPasswordIsNeitherRememberedNorLogged(_ database: ConsoleDatabase) throws {
    let log = SQLLog()
    let adaptor = try database.adaptor(log: log)
    let db = try Database(adaptor: adaptor)
    var app = D2TApp(
      D2TConfiguration(
        database: db, countDatabase: try Database(adaptor: adaptor, model: db.model), ruleFiles: [],
        theme: .builtinDefault, title: "Console"))
    _ = screen(&app, Self.statement("select 1 as one"))
    let secret = "create user someone with password 'Sup3rSecret'"
    _ = screen(&app, "Tab C-u " + typing(secret) + " C-r r r")
    let recalled = screen(&app, "C-u Up")
    #expect(recalled.contains("││select 1 as one"), "↑ recalls the statement before it:\n\(recalled)")
    #expect(!recalled.contains("││create user"), "not recalled:\n\(recalled)")
    #expect(!log.recent(300).contains { $0.sql.contains("Sup3rSecret") }, "not in the SQL log")
    #expect(log.recent(300).contains { $0.sql.contains("statement not shown") }, "logged as withheld")
  }
}
