import Access
import Foundation
import DirectToTerminal
import Testing
import TestSupport

/// A cancelled console statement that the server ends without an error (MariaDB's killed
/// `SLEEP` returns 1) leaves the console working: the next statement shows its rows.
extension ConsoleTests {
  @Test(.enabled(if: MariaDBTests.areOn, MariaDBTests.skipReason))
  func theStatementAfterACancelRuns() throws {
    var (app, _) = try ConsoleDatabase.mariadb.app()
    // Keys fed without waiting for the statement (the headless runner would wait 20 s).
    CancelTests.press(&app, Self.statement("select sleep(20) as slept"))
    Thread.sleep(forTimeInterval: 0.5)
    CancelTests.press(&app, "Escape")
    let cancelled = screen(&app, "")
    #expect(cancelled.contains("Cancelled"), "\(cancelled)")
    let next = screen(&app, ": C-u " + typing("select 7 as seven") + " C-r")
    #expect(next.contains(/│ *seven +1\/1 *│/), "the next statement's rows:\n\(next)")
    #expect(next.contains(/│ *7 +│/), "\(next)")
  }
}
