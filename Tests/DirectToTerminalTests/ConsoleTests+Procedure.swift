import Access
import DirectToTerminal
import TestSupport
import Testing

/// Issue 26 item 3: a MySQL procedure's results in the console, one after another. A `CALL`
/// may change data, so it runs in a transaction once confirmed; the first result shows, `n`
/// moves to the next, and Commit or Rollback is asked after the last.
extension ConsoleTests {
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason))
  func aProcedureShowsEachOfItsResults() throws {
    var (app, adaptor) = try ConsoleDatabase.mariadb.app()
    let channel = try adaptor.openChannel()
    defer { channel.close() }
    try channel.executeScript(
      """
      DROP PROCEDURE IF EXISTS owners_then_total;
      CREATE PROCEDURE owners_then_total()
      BEGIN SELECT owner FROM account ORDER BY id; SELECT SUM(balance) AS total, COUNT(*) AS n FROM account; END
      """)
    let first = screen(&app, Self.statement("call owners_then_total()") + " r")
    #expect(first.contains("SQL console (result 1: 3 rows)"), "\(first)")
    #expect(first.contains(/│ *owner +1\/3 *│/), "\(first)")
    #expect(first.contains("Result 1 of the statement's results; n shows the next"), "\(first)")
    #expect(first.statusBar.contains("n Next result"), "\(first.statusBar)")
    #expect(!first.contains("Commit or roll back?"), "not asked before the last result:\n\(first)")
    let second = screen(&app, "n")
    #expect(second.contains("SQL console (result 2: 1 row)"), "\(second)")
    #expect(second.contains(/│ *total +n +1\/1 *│/), "\(second)")
    #expect(second.contains(/│ *60 +3 +│/), "\(second)")
    #expect(second.contains("Commit or roll back?"), "asked after the last result:\n\(second)")
    let again = screen(&app, "r : C-u " + typing("select 1 as one") + " C-r")
    #expect(again.contains("SQL console (1 row)"), "a new statement starts at its only result:\n\(again)")
  }
}
