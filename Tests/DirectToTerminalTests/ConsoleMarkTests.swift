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

/// `*` in the console marks the whole result, not the rows read: the statement (and its
/// `=`/`!` filters, their values bound) runs again as a subquery for the count, the batch
/// change and the list Enter opens.
extension ConsoleTests {
  @Test(arguments: databases())
  func starMarksTheWholeResult(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let marked = screen(&app, Self.statement("select id, name from big where id % 1000 = 7") + " *")
    #expect(marked.contains("1,000 marked"), "all 1,000 rows, though 200 were read:\n\(marked)")
    let form = screen(&app, "e")
    #expect(form.contains("Change 1,000 marked of Big"), "\(form)")
    let asked = screen(&app, "x C-s")
    #expect(asked.contains("Change 1,000 rows"), "the preview counts the whole result:\n\(asked)")
    let list = screen(&app, "Escape C-g Escape Enter")
    #expect(list.contains("Big (marked in the console) (1,000)") && list.contains("1,000 marked"), "\(list)")
    #expect(!list.contains("1,000,000 marked"), "the list marks the console's rows, not the table's:\n\(list)")
    let fromList = screen(&app, "e x C-s")
    #expect(
      fromList.contains("Change 1,000 rows") && !fromList.contains("1,000,000"),
      "a change from the list is of the marked rows only:\n\(fromList)")
    _ = screen(&app, "Escape C-g Escape")

    let filtered = screen(
      &app, "Escape : C-u " + typing("select id, id % 2 as odd from big where id <= 1000") + " C-r ] j =")
    #expect(filtered.contains("AS filtered"), "\(filtered)")
    let star = screen(&app, "*")
    #expect(star.contains("500 marked"), "the filter's value bound in the subquery:\n\(star)")
    let unmarked = screen(&app, "Space")
    #expect(unmarked.contains("499 marked"), "Space unmarks one of them:\n\(unmarked)")
  }

  /// On SQLite the console's result, read in part, holds no lock between steps: a batch
  /// change of its marked rows commits (it waited for the console's read transaction and
  /// failed with "database is locked").
  @Test func aChangeOfMarkedRowsCommitsWhileTheResultIsReadInPart() throws {
    var (app, adaptor) = try ConsoleDatabase.sqlite.app()
    let marked = screen(&app, Self.statement("select id, name from big where id % 1000 = 7") + " *")
    #expect(marked.contains("1,000 marked") && marked.contains("200+"), "read in part:\n\(marked)")
    _ = screen(&app, "e x C-s")
    let done = screen(&app, "Left Enter")
    #expect(done.contains("Changed 1,000 rows of Big"), "\(done)")
    let channel = try adaptor.openChannel()
    defer { channel.close() }
    let changed = try channel.query(SQLStatement("SELECT count(*) FROM big WHERE name = 'x'")).first?[0].int64Value
    #expect(changed == 1000)
    let more = screen(&app, "G")
    #expect(more.contains("999007"), "the console reads on, the query run again:\n\(more)")
  }
}
