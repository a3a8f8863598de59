import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// Issue 24 item 1 in the console: a result of one table, its key selected, is marked with
/// `Space`; `e` changes the marked rows together, Enter opens them as the table's list,
/// marked.
extension ConsoleTests {
  @Test(arguments: databases())
  func marksInAResultAreChangedTogether(_ database: ConsoleDatabase) throws {
    var (app, adaptor) = try database.app()
    let marked = screen(&app, Self.statement(Self.accounts) + " Space Space")
    #expect(marked.lines.joined().components(separatedBy: "✓").count - 1 == 2, "two rows marked:\n\(marked)")
    let form = screen(&app, "e")
    #expect(form.contains("Change 2 marked of Account"), "\(form)")
    let asked = screen(&app, "Tab 9 9 C-s")
    #expect(asked.contains("Change 2 rows"), "\(asked)")
    let done = screen(&app, "Left Enter")
    #expect(done.contains("Changed 2 rows of Account"), "\(done)")
    #expect(try ConsoleDatabase.balance(of: 1, in: adaptor) == 99)
    #expect(try ConsoleDatabase.balance(of: 2, in: adaptor) == 99)
    #expect(try ConsoleDatabase.balance(of: 3, in: adaptor) == 30)
  }

  @Test(arguments: databases())
  func markedRowsOpenAsTheTablesListMarked(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let list = screen(&app, Self.statement(Self.accounts) + " Space j Space Enter")
    #expect(list.contains("marked in the console"), "\(list)")
    #expect(list.contains("Account (marked in the console) (2)"), "\(list)")
    let refused = screen(&app, "Escape : C-u " + typing("select owner from account") + " C-r Space")
    #expect(refused.contains("Only rows of one table, its primary key selected, are marked"), "\(refused)")
  }
}
