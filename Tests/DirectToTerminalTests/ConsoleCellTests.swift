import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// The console's result grid has the lists' cell keys, on SQLite and PostgreSQL: `v` the
/// focused value in full, `y`/`Y` copy it or the row through the terminal's clipboard, `x`
/// exports the result, `[`/`]` select a column and `<`/`>` move it, `=`/`!` filter the
/// result on the focused value (NULL as IS NULL, stacking), refused for other than a SELECT.
extension ConsoleTests {
  static let accounts = "select id, owner, balance from account order by id"
  /// `account` with the balance of account 2 as NULL.
  static let withNull = "select id, owner, case when id = 2 then null else balance end as b from account order by id"

  /// Keys on an app of its own whose clipboard is a test backend: the screen and the texts
  /// copied (what goes out as OSC 52).
  func screenAndCopies(_ app: inout D2TApp, _ keys: String) -> (Screen, [String]) {
    let backend = TestBackend(size: Size(width: Self.size.width, height: Self.size.height))
    let buffer = D2TRunner.headless(&app, on: backend, script: D2TRunner.script(keys))
    return (Screen(buffer), backend.copiedTexts)
  }

  /// The grid's lines under the header `header` (a regex of its column names), up to the
  /// pane's end, blanks between cells as one space.
  func gridRows(_ screen: Screen, header: Regex<Substring>) -> [String] {
    guard let top = screen.lines.firstIndex(where: { $0.contains(header) }) else { return [] }
    return screen.lines[(top + 1)...].prefix { !$0.contains("╰") }
      .map { ($0.split(separator: "│").last ?? "").split(separator: " ").joined(separator: " ") }
      .filter { !$0.isEmpty }
  }

  @Test(arguments: databases())
  func vShowsTheFocusedValueInFull(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(&app, Self.statement(Self.accounts) + " ] j v")
    #expect(screen.breadcrumb.contains("Row 2 · owner"), "\(screen)")
    #expect(screen.contains("text · line 1 of 1"), "the viewer shows bob's owner:\n\(screen)")
    #expect(screen.contains(/│bob +│/), "\(screen)")
  }

  @Test(arguments: databases())
  func yCopiesTheValueAndShiftYTheRowThroughTheClipboard(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let (value, copied) = screenAndCopies(&app, Self.statement(Self.withNull) + " ] j y")
    #expect(copied == ["bob"], "\(copied)")
    #expect(value.contains("Copied “bob”"), "\(value)")
    let (_, row) = screenAndCopies(&app, "Y")
    #expect(row == ["2\tbob\t\\N"], "the row, tab-separated, NULL as \\N (COPY's text format): \(row)")
  }

  @Test(arguments: databases())
  func bracketsSelectAColumnAndAngleBracketsMoveIt(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let moved = screen(&app, Self.statement(Self.accounts) + " ] ] < <")
    #expect(moved.contains(/│ *balance +id +owner +1\/3 *│/), "balance moved first:\n\(moved)")
    let (_, copied) = screenAndCopies(&app, "Y y")
    #expect(copied == ["10\t1\tann", "10"], "copies follow the order shown: \(copied)")
    let again = screen(&app, "Tab C-r")
    #expect(again.contains(/│ *balance +id +owner +1\/3 *│/), "the order stays for the same columns:\n\(again)")
    let other = screen(&app, "Tab C-u " + typing("select owner, id from account") + " C-r")
    #expect(other.contains(/│ *owner +id +1\/3 *│/), "another result has its own order:\n\(other)")
  }

  @Test(arguments: databases())
  func xExportsTheResultInTheOrderShown(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("accounts.csv").path
    let screen = screen(&app, Self.statement(Self.withNull) + " ] > x Tab C-u " + typing(path) + " Enter")
    #expect(screen.contains("Exported 3 rows to \(path)"), "\(screen)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,b,owner\n1,10,ann\n2,,bob\n3,30,cy\n")
    let jsonl = path.replacingOccurrences(of: ".csv", with: ".jsonl")
    _ = self.screen(&app, "x j Tab C-u " + typing(jsonl) + " Enter")
    #expect(
      try String(contentsOfFile: jsonl, encoding: .utf8) == """
        {"id":1,"b":10,"owner":"ann"}
        {"id":2,"b":null,"owner":"bob"}
        {"id":3,"b":30,"owner":"cy"}

        """)
  }

  @Test(arguments: databases())
  func equalsKeepsTheRowsWithTheFocusedValue(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(&app, Self.statement(Self.accounts) + " ] j =")
    #expect(gridRows(screen, header: /id +owner +balance/) == ["2 bob 20"], "\(screen)")
    #expect(screen.contains("SQL console (1 row)"), "one row, singular:\n\(screen)")
    #expect(screen.contains("││SELECT * FROM ("), "the editor shows the SQL that ran:\n\(screen)")
    #expect(screen.contains("││WHERE \(database.quoted("owner")) = 'bob'"), "\(screen)")
    #expect(screen.contains("Filtered: the value is bound as a parameter"), "\(screen)")
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("bob.csv").path
    _ = self.screen(&app, "x Tab C-u " + typing(path) + " Enter")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "id,owner,balance\n2,bob,20\n",
      "x exports the filtered result, its value bound again")
    let opened = self.screen(&app, "Enter")
    #expect(opened.contains(/Owner +bob/), "a filtered row of one table still opens:\n\(opened)")
  }

  @Test(arguments: databases())
  func bangKeepsOtherRowsNullAsIsNullAndStacks(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let notNull = screen(&app, Self.statement(Self.withNull) + " ] ] j !")
    #expect(gridRows(notNull, header: /id +owner +b/) == ["1 ann 10", "3 cy 30"], "\(notNull)")
    #expect(notNull.contains("││WHERE \(database.quoted("b")) IS NOT NULL"), "\(notNull)")
    let stacked = screen(&app, "!")
    #expect(gridRows(stacked, header: /id +owner +b/) == ["3 cy 30"], "\(stacked)")
    let b = database.quoted("b")
    #expect(stacked.contains("AND (\(b) <> 10 OR \(b) IS NULL)"), "\(stacked)")
    let dropped = screen(&app, "BSpace")
    #expect(
      gridRows(dropped, header: /id +owner +b/) == ["1 ann 10", "3 cy 30"], "Backspace drops the last term:\n\(dropped)"
    )
    let unfiltered = screen(&app, "BSpace")
    #expect(unfiltered.contains("SQL console (3 rows)"), "\(unfiltered)")
    #expect(
      unfiltered.contains("││" + Self.withNull.prefix(70)), "the editor has the statement as typed:\n\(unfiltered)")
  }

  /// An array reads as in the lists, and `=` on it is refused (PostgreSQL: SQLite has none).
  @Test(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL"))
  func anArrayCellReadsAsInTheListsAndIsNotFiltered() throws {
    var (app, _) = try ConsoleDatabase.postgres.app()
    let screen = screen(&app, Self.statement("select array['a,b', 'c', null] as tags") + " =")
    #expect(screen.contains(#"│"a,b", c, ∅"#), "\(screen)")
    #expect(screen.contains("tags holds arrays: = and ! compare single values"), "\(screen)")
  }

  @Test(arguments: databases())
  func quickFiltersAreRefusedForOtherThanASelect(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let screen = screen(&app, Self.statement("explain select * from account") + " =")
    #expect(
      screen.contains("= and ! filter the rows of a SELECT (run again as a subquery); this is EXPLAIN"), "\(screen)")
  }
}

/// `x` asks before replacing a file: "Choose another name" goes back to the file field,
/// "Overwrite" replaces it.
extension ConsoleTests {
  @Test func exportAsksBeforeReplacingAFile() throws {
    var (app, _) = try ConsoleDatabase.sqlite.app()
    let directory = try TestDatabases.scratchDirectory()
    let kept = directory.appendingPathComponent("kept.csv").path
    let other = directory.appendingPathComponent("other.csv").path
    try Data("keep\n".utf8).write(to: URL(fileURLWithPath: kept))
    let asked = screen(&app, Self.statement(Self.accounts) + " x Tab C-u " + typing(kept) + " Enter")
    #expect(asked.contains("File exists"), "\(asked)")
    #expect(asked.contains("kept.csv") && asked.contains("exists.") && asked.contains("Replace it?"), "\(asked)")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep\n")
    let renamed = screen(&app, "c C-u " + typing(other) + " Enter")
    #expect(renamed.contains("Exported 3 rows to \(other)"), "\(renamed)")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep\n", "the file is kept")
    let expected = "id,owner,balance\n1,ann,10\n2,bob,20\n3,cy,30\n"
    #expect(try String(contentsOfFile: other, encoding: .utf8) == expected)
    let replaced = screen(&app, "x Tab C-u " + typing(kept) + " Enter o")
    #expect(replaced.contains("Exported 3 rows to \(kept)"), "\(replaced)")
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == expected)
  }
}
