import Access
@testable import DirectToTerminal
import Testing
import Widgets

/// `=`/`!` in the console: the statement wrapped as a subquery, the value bound as a
/// parameter (never spliced into the SQL that runs), the editor showing it as a literal.
@Suite struct ConsoleQuickFilterTests {
  @Test func equalsRunsTheStatementWrappedWithTheValueBound() throws {
    let store = try ConsoleFeatureTests.store()
    let sql = "select * from item where id > 5;"
    ConsoleFeatureTests.typeAndRun(sql, store)
    let rows = [Row(columns: ["id", "name"], values: [.integer(6), .text("it's")])]
    store.complete(
      .console(.success(ConsoleBatch(columns: ConsoleFeatureTests.columns, rows: rows, isDone: true, rowCount: 1)))
    ) {
      $0.loading = nil
      $0.columns = ConsoleFeatureTests.columns
      $0.columnOrder = [0, 1]
      $0.orderedNames = ["id", "name"]
      $0.window = rows
      $0.rowCount = 1
      $0.table.rows.selected = 0
      $0.focus = .results
    }
    store.send(.selectColumn(1)) { $0.table.selectedColumn = 1 }
    let dialect = store.session.dialect
    let wrapped =
      "SELECT * FROM (\nselect * from item where id > 5\n) AS filtered\nWHERE \"name\" = " + dialect.placeholder(0)
    let shown = "SELECT * FROM (\nselect * from item where id > 5\n) AS filtered\nWHERE \"name\" = 'it''s'"
    let run = ConsoleWork.run(sql: wrapped, bindings: [.text("it's")], mode: .readOnly, count: 200)
    store.send(.quickFilter(equal: true)) {
      $0.ran = SQLStatement(wrapped, [.text("it's")])
      $0.filterBase = sql
      $0.filters = [.init(column: "name", equal: true, value: .text("it's"))]
      $0.editor = ConsoleFeature.atStart(shown)
      $0.message = "Filtered: the value is bound as a parameter · Ctrl-R runs the text"
      $0.columns = []
      $0.window = []
      $0.rowCount = nil
      $0.table = TableState(rows: ScrollState(selected: nil), selectedColumn: 1)
      $0.loading = run
    }
    #expect(store.pendingWork.last == run.work, "the value is a parameter, never in the SQL")
    #expect(store.state.statement == ConsoleStatement(text: sql), "Enter still opens rows of the table typed")
    #expect(store.state.editor.text == shown && store.state.editor.row == 0 && store.state.editor.column == 0)
    store.skipPendingWork()  // the wrapped statement is asserted above, not run
  }
}
