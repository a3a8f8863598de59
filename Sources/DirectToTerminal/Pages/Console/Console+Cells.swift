import Access
import Export

/// The result grid's cell keys, as in the lists: `v` the focused value in full, `y`/`Y` copy
/// the value or the row, `x` export the result (the statement run again, read only),
/// `[`/`]` select a column and `<`/`>` move it, `=`/`!` filter the result on the focused
/// value (the statement wrapped as a subquery, the value bound as a parameter).
extension ConsoleFeature {
  /// `v`: the focused cell in the viewer.
  static func viewValue(_ state: State) -> Effect<Action> {
    guard let (row, column) = focusedCell(state) else { return .none }
    if state.hidden.contains(column) { return .command(.banner(.notice, "Passwords are not shown")) }
    let crumb = "Row \(grouped((state.table.rows.selected ?? 0) + 1)) · \(state.columns[column].name)"
    return .command(CellActions.view(row.values[column], entityName: nil, crumb: crumb, from: state.id))
  }

  /// `y`: the focused value; `Y`: the row's columns in the order shown.
  static func copy(_ state: State, row wholeRow: Bool, in session: Session) -> Effect<Action> {
    guard let (row, column) = focusedCell(state) else { return .none }
    guard wholeRow else {
      if state.hidden.contains(column) { return .command(.banner(.notice, "Passwords are not copied")) }
      return .command(CellActions.copy(row.values[column]))
    }
    let fields = state.columnOrder.filter { !state.hidden.contains($0) }
      .map { (label: state.columns[$0].name, value: row.values[$0]) }
    let format = session.context(task: .console).string("copyRowFormat", "tsv")
    return .command(CellActions.copyRow(fields, format: format))
  }

  /// The row under the cursor and the result position of the focused column.
  static func focusedCell(_ state: State) -> (Row, Int)? {
    guard let row = state.selectedRow, let shown = state.table.selectedColumn,
      state.columnOrder.indices.contains(shown)
    else { return nil }
    let column = state.columnOrder[shown]
    guard row.values.indices.contains(column), state.columns.indices.contains(column) else { return nil }
    return (row, column)
  }

  /// `[`/`]`: the previous or next column.
  static func selectColumn(_ state: inout State, by delta: Int) {
    guard !state.columnOrder.isEmpty else { return }
    let current = state.table.selectedColumn ?? 0
    state.table.selectedColumn = max(0, min(state.columnOrder.count - 1, current + delta))
  }

  /// `<`/`>`: the focused column moves left or right, for as long as the console shows
  /// results with these columns.
  static func moveColumn(_ state: inout State, by delta: Int) {
    guard let shown = state.table.selectedColumn, state.columnOrder.indices.contains(shown) else { return }
    let target = shown + delta
    guard state.columnOrder.indices.contains(target) else { return }
    state.columnOrder.swapAt(shown, target)
    state.table.selectedColumn = target
    state.table.fittedWidths = []
  }

  /// A new result's columns: the order moved by `<`/`>` stays while the columns are the
  /// same, else the result's own.
  static func takeColumns(_ state: inout State, _ columns: [ResultColumn]) {
    state.columns = columns
    let names = columns.map(\.name)
    if names != state.orderedNames || state.columnOrder.count != columns.count {
      state.columnOrder = Array(columns.indices)
      state.orderedNames = names
    }
  }

  /// `x`: the export page for the result: the statement that produced it, run again in a
  /// read-only transaction; SQL INSERTs name the statement's one table, else `result`.
  static func exportResult(_ state: State, in session: Session) -> Effect<Action> {
    guard let ran = state.ran, !state.columns.isEmpty else {
      return .command(.banner(.notice, "Run a query first: x exports its result"))
    }
    guard state.mode != .openTransaction else {
      return .command(
        .banner(.notice, "x exports a query's result; this statement changed data and does not run again"))
    }
    let shown = state.columnOrder.filter { !state.hidden.contains($0) }
    guard !shown.isEmpty else {
      return .command(.banner(.notice, "Passwords are not exported: every column of this result is password-like"))
    }
    let table = state.statement?.singleTable
    let request = QueryExportRequest(
      statement: ran, columns: shown, table: table?.table ?? "result", schema: table?.schema,
      format: .csv, expectedRows: state.rowCount)
    return .command(
      .open(PageRequest(task: .export, crumb: "SQL console", detail: ExportSource.query(request)), from: state.id))
  }
}
