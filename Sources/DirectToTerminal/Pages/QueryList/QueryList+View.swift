import Access
import Qualifiers
import TerminalCore
import Theming
import Widgets

/// Drawing a query list: the table around the cursor, the input or filter line, a spinner.
extension QueryListFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var tableArea = area
    if state.cellEdit != nil {
      tableArea.height -= 1
    } else if let input = state.input {
      tableArea.height -= input.error == nil ? 1 : 2
      let y = area.bottom - (input.error == nil ? 1 : 2)
      buffer.setString(input.kind == .search ? "/" : "\\", x: area.x, y: y, style: theme[.accent])
      var field = input.field
      if let reverse = input.reverse {
        let text = "(reverse-i-search)'\(reverse.query)': " + (reverse.match ?? "")
        buffer.setString(text, x: area.x + 1, y: y, width: area.width - 1, style: theme[.focusedInput])
      } else {
        TextField(
          placeholder: input.kind == .search
            ? "search text" : filterHint(state, entity: context.session.entity(named: state.entityName)),
          focused: true, theme: theme
        ).render(in: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1), buffer: &buffer, state: &field)
      }
      if let error = input.error {
        buffer.setString("⚠ " + error, x: area.x, y: y + 1, width: area.width, style: theme[.error])
      }
    } else if let message = state.message ?? state.auxiliaryProblem
      ?? (state.filterSummary.isEmpty ? nil : state.filterSummary)
    {
      tableArea.height -= 1
      buffer.setString(
        message, x: area.x, y: area.bottom - 1, width: area.width,
        style: theme[state.message != nil || state.auxiliaryProblem != nil ? .error : .muted])
    }
    guard let entity = context.session.entity(named: state.entityName) else { return }
    let rows = state.window.rows
    let cells = ListColumn.cells(state.columns, entity: entity, in: context.session)
    let sortColumn = state.columns.indices.first { headerTitle(state, $0) != state.columns[$0].presentation.label }
    var table = Table(
      columns: state.columns.enumerated().map { index, column in
        TableColumn(
          column.presentation.label, alignment: column.alignment,
          width: state.fittedWidths.indices.contains(index) && state.fittedWidths[index] > 0
            ? state.fittedWidths[index] : nil, maxWidth: 40)
      },
      rowCount: rows.count,
      sort: sortColumn.map { ($0, state.sort.first?.direction == .ascending) },
      focused: context.focused, theme: theme,
      styledCell: { row, column in
        let cell = cells(rows[row], column)
        return (cell.text, cell.role)
      })
    table.position = compactPosition(state)
    var tableState = TableState(selectedColumn: state.selectedColumn, firstColumn: state.firstColumn)
    tableState.fittedWidths = state.fittedWidths
    if let index = state.cursorIndex {
      let offset = max(0, index - state.cursorLine)
      tableState.rows = ScrollState(selected: index, offset: offset)
      table.render(in: tableArea, buffer: &buffer, state: &tableState)
      if state.isStale {
        buffer.addAttributes(
          .dim,
          in: Rect(
            x: tableArea.x, y: tableArea.y + 1, width: tableArea.width,
            height: max(0, tableArea.height - 1)))
      }
      // The rows as the table scrolled them (it keeps the cursor in a pane shorter than asked).
      let shown = tableState.rows.offset
      markChangedRows(state, entity: entity, offset: shown, in: tableArea, context: context, buffer: &buffer)
      drawMarks(state, entity: entity, offset: shown, in: tableArea, context: context, buffer: &buffer)
      drawCellEdit(state, cell: tableState.selectedCell, area: area, context: context, buffer: &buffer)
    } else {
      table.rowCount = 0
      table.render(in: tableArea, buffer: &buffer, state: &tableState)
      if tableArea.height > 2 {
        let note: String
        if state.inFlight != nil || state.generation == 0 {
          note = state.isEmptyResult ? "" : "loading " + positionText(state) + "…"
        } else {
          note = state.isEmptyResult && state.message == nil ? "No rows" : ""
        }
        buffer.setString(
          note, x: tableArea.x + 1, y: tableArea.y + 2, width: tableArea.width - 1,
          style: theme[.muted])
      }
    }
    if let since = state.loadingSince {
      Spinner.draw(since: since, in: area, context: context, buffer: &buffer)
    }
  }

  /// Rows another client just changed: a bullet in the row's left gutter (the pane's
  /// border, so no cell of data is covered) and bold text, for a few seconds after the pane
  /// followed the change.
  static func markChangedRows(
    _ state: State, entity: Entity, offset: Int, in area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard state.follow.hasMarks else { return }
    let rows = state.window.rows
    for line in 0..<max(0, area.height - 1) where offset + line < rows.count {
      let key = context.session.followKey(of: rows[offset + line], entity: entity)
      guard state.follow.isMarked(key, at: context.now) else { continue }
      let y = area.y + 1 + line
      if area.x > 0 { buffer.setString("•", x: area.x - 1, y: y, style: context.theme[.accent]) }
      buffer.addAttributes(.bold, in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }

  /// The empty filter line's example, in the list's own columns: a `like` on its first text
  /// column and a comparison on its first boolean (or else number) column, e.g.
  /// `title like 'A*' and rentalRate > 1`. Password-like columns are never suggested.
  static func filterHint(_ state: State, entity: Entity?) -> String {
    let attributes = state.columns.compactMap { column -> Attribute? in
      guard case .attribute = column.kind, !column.propertyKey.contains("."),
        let attribute = entity?[attribute: column.propertyKey], !attribute.isPassword
      else { return nil }
      return attribute
    }
    var terms: [String] = []
    if let text = attributes.first(where: { if case .text = $0.valueType { return true } else { return false } }) {
      terms.append(PropertyPath.quoted(text.name) + " like 'A*'")
    }
    if let flag = attributes.first(where: { $0.valueType == .boolean }) {
      terms.append(PropertyPath.quoted(flag.name) + " = true")
    } else if let number = attributes.first(where: {
      switch $0.valueType {
      case .integer, .decimal, .double: return entity?.primaryKey.contains($0.name) != true
      default: return false
      }
    }) {
      terms.append(PropertyPath.quoted(number.name) + " > 1")
    }
    if terms.isEmpty, let first = attributes.first { terms.append(PropertyPath.quoted(first.name) + " = …") }
    return terms.isEmpty ? "a qualifier: key = value and …" : terms.joined(separator: " and ")
  }
}
