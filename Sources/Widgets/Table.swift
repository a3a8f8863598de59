import TerminalCore
import Theming

/// One table column.
public struct TableColumn: Hashable, Sendable {
  /// The header text.
  public var title: String
  /// Alignment of header and values.
  public var alignment: Alignment
  /// A fixed width; nil fits the width to the header and the visible values.
  public var width: Int?
  /// The narrowest a fitted column gets.
  public var minWidth: Int
  /// The widest a fitted column gets.
  public var maxWidth: Int

  /// Creates a column.
  public init(
    _ title: String, alignment: Alignment = .left, width: Int? = nil, minWidth: Int = 3,
    maxWidth: Int = 40
  ) {
    self.title = title
    self.alignment = alignment
    self.width = width
    self.minWidth = minWidth
    self.maxWidth = maxWidth
  }
}

/// Selection and scrolling of a `Table`, owned by the application.
public struct TableState: Hashable, Sendable {
  /// Selected row and vertical scroll.
  public var rows: ScrollState
  /// The selected column (a cell cursor), or nil for whole-row selection.
  public var selectedColumn: Int?
  /// The first visible column (horizontal scroll).
  public var firstColumn: Int
  /// Column widths fitted so far. They only grow while scrolling, so columns do not
  /// jump as rows come and go; set to `[]` to fit afresh (e.g. after new data).
  public var fittedWidths: [Int] = []
  /// Where the last render drew the selected row's selected cell (nil: not shown), for an
  /// editor drawn over it.
  public var selectedCell: Rect?

  /// Creates a state.
  public init(rows: ScrollState = ScrollState(), selectedColumn: Int? = nil, firstColumn: Int = 0) {
    self.rows = rows
    self.selectedColumn = selectedColumn
    self.firstColumn = firstColumn
  }

  /// Moves the selection. Left and right move the cell cursor when there is one,
  /// otherwise they scroll horizontally.
  public mutating func apply(
    _ action: NavigationAction, rowCount: Int, columnCount: Int, pageSize: Int
  ) {
    let lastColumn = max(0, columnCount - 1)
    switch action {
    case .left:
      if let c = selectedColumn {
        selectedColumn = max(0, c - 1)
      } else {
        firstColumn = max(0, firstColumn - 1)
      }
    case .right:
      if let c = selectedColumn {
        selectedColumn = min(lastColumn, c + 1)
      } else {
        firstColumn = min(lastColumn, firstColumn + 1)
      }
    default:
      rows.apply(action, count: rowCount, pageSize: pageSize)
    }
  }
}

/// A virtualised table: header with sort indicator, per-column alignment, widths fitted
/// from the header and the values seen so far (never shrinking while scrolling; see
/// `TableState.fittedWidths`) within the column bounds, horizontal scrolling,
/// a selected row (and optional cell), ellipsis truncation and a position indicator.
/// `cell` is called only for visible rows and columns.
public struct Table: StatefulWidget {
  /// The columns.
  public var columns: [TableColumn]
  /// Number of rows in the source.
  public var rowCount: Int
  /// The text of a cell, `cell(row, column)`, and the theme role of that text outside the
  /// selected row (a NULL muted, a ✗ in the error colour; nil: the table's own colour).
  public var cell: (Int, Int) -> (text: String, role: ThemeRole?)
  /// The sorted column and direction, shown as ▲ or ▼ in its header.
  public var sort: (column: Int, ascending: Bool)?
  /// Whether the table has the focus.
  public var focused: Bool
  /// The theme.
  public var theme: Theme
  /// The position text at the header's right end; nil shows `selected/rowCount`. A list
  /// that holds only a window of a larger result passes its own (`12/~1,000,000`), or "".
  public var position: String?

  /// Creates a table.
  public init(
    columns: [TableColumn], rowCount: Int, sort: (column: Int, ascending: Bool)? = nil,
    focused: Bool = true, theme: Theme, cell: @escaping (Int, Int) -> String
  ) {
    self.init(columns: columns, rowCount: rowCount, sort: sort, focused: focused, theme: theme) { row, column in
      (cell(row, column), nil)
    }
  }

  /// Creates a table whose cells each have a theme role.
  public init(
    columns: [TableColumn], rowCount: Int, sort: (column: Int, ascending: Bool)? = nil,
    focused: Bool = true, theme: Theme, styledCell: @escaping (Int, Int) -> (text: String, role: ThemeRole?)
  ) {
    self.columns = columns
    self.rowCount = rowCount
    self.cell = styledCell
    self.sort = sort
    self.focused = focused
    self.theme = theme
  }

  /// Rows visible in `area` (one line is the header).
  public static func visibleRows(in area: Rect) -> Int { max(0, area.height - 1) }

  /// The area holding the rows (below the header), e.g. for `ScrollState.index(at:in:count:)`.
  public static func bodyArea(of area: Rect) -> Rect {
    Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout TableState) {
    guard !area.isEmpty else { return }
    let base = theme[.surface]
    buffer.fill(area, with: .blank(base))
    guard !columns.isEmpty else { return }
    let bodyRows = Table.visibleRows(in: area)
    state.rows.scrollIntoView(count: rowCount, visibleRows: bodyRows)
    let visible = state.rows.offset..<min(rowCount, state.rows.offset + bodyRows)
    let placed = placeColumns(in: area.width, visibleRows: visible, state: &state)
    let header = theme[.header]
    buffer.fill(area.row(0), with: .blank(header))
    for column in placed {
      buffer.setString(
        headerTitle(column.index), x: area.x + column.x, y: area.y, width: column.width,
        style: header, alignment: columns[column.index].alignment)
    }
    let selectedStyle = theme[focused ? .selection : .inactiveSelection]
    state.selectedCell = nil
    for (line, row) in visible.enumerated() {
      let y = area.y + 1 + line
      let isSelected = row == state.rows.selected
      let style = isSelected ? selectedStyle : base
      if isSelected { buffer.fill(area.row(1 + line), with: .blank(style)) }
      for column in placed {
        let (text, role) = cell(row, column.index)
        var cellStyle =
          isSelected && column.index == state.selectedColumn ? theme[.focusedInput] : style
        if !isSelected, let role { cellStyle = theme[role].background(base.background) }
        buffer.setString(
          text, x: area.x + column.x, y: y, width: column.width,
          style: cellStyle, alignment: columns[column.index].alignment)
        if isSelected && column.index == state.selectedColumn {
          state.selectedCell = Rect(x: area.x + column.x, y: y, width: column.width, height: 1)
        }
      }
    }
    drawIndicators(in: area, buffer: &buffer, state: state, placed: placed)
  }

  func headerTitle(_ index: Int) -> String {
    guard let sort, sort.column == index else { return columns[index].title }
    return columns[index].title + (sort.ascending ? " ▲" : " ▼")
  }

  struct PlacedColumn {
    var index: Int
    var x: Int
    var width: Int
  }

  /// Natural width of a column: its fixed width, or the widest of header and visible
  /// values within the column's bounds.
  func naturalWidth(_ index: Int, rows: Range<Int>) -> Int {
    let column = columns[index]
    if let fixed = column.width { return fixed }
    var widest = headerTitle(index).displayWidth
    for row in rows { widest = max(widest, cell(row, index).text.displayWidth) }
    return min(max(widest, column.minWidth), column.maxWidth)
  }

  /// Columns from `firstColumn` (kept such that the selected column is visible) that fit
  /// in `width`, one space apart; the last may be cut down to its minimum width.
  func placeColumns(
    in width: Int, visibleRows: Range<Int>, state: inout TableState
  )
    -> [PlacedColumn]
  {
    state.firstColumn = min(max(0, state.firstColumn), columns.count - 1)
    if let selected = state.selectedColumn {
      state.selectedColumn = min(max(0, selected), columns.count - 1)
    }
    if state.fittedWidths.count != columns.count {
      state.fittedWidths = Array(repeating: 0, count: columns.count)
    }
    var measured = Set<Int>()
    func widthOf(_ i: Int) -> Int {
      if measured.insert(i).inserted {
        let natural = naturalWidth(i, rows: visibleRows)
        state.fittedWidths[i] = columns[i].width ?? max(state.fittedWidths[i], natural)
      }
      return state.fittedWidths[i]
    }
    if let selected = state.selectedColumn {
      if selected < state.firstColumn { state.firstColumn = selected }
      while state.firstColumn < selected
        && (state.firstColumn...selected).reduce(-1, { $0 + widthOf($1) + 1 }) > width
      {
        state.firstColumn += 1
      }
    }
    var placed: [PlacedColumn] = []
    var x = 0
    for index in state.firstColumn..<columns.count {
      let natural = widthOf(index)
      let remaining = width - x
      if natural <= remaining {
        placed.append(PlacedColumn(index: index, x: x, width: natural))
      } else {
        if remaining >= min(natural, columns[index].minWidth) || placed.isEmpty {
          placed.append(PlacedColumn(index: index, x: x, width: max(0, remaining)))
        }
        break
      }
      x += natural + 1
    }
    return placed
  }

  /// `◀`/`▶` at the header's ends when columns are hidden to the left/right, and the
  /// `12/3400` position at the header's right end when it fits after the last column.
  func drawIndicators(
    in area: Rect, buffer: inout Buffer, state: TableState, placed: [PlacedColumn]
  ) {
    let header = theme[.header]
    if state.firstColumn > 0 {
      buffer.setString("◀", x: area.x, y: area.y, style: header)
    }
    let hiddenRight = (placed.last?.index ?? 0) < columns.count - 1
    if hiddenRight {
      buffer.setString("▶", x: area.right - 1, y: area.y, style: header)
    }
    guard position != nil || rowCount > Table.visibleRows(in: area), let last = placed.last else { return }
    let text = position ?? positionLabel(state.rows.selected, count: rowCount)
    guard !text.isEmpty else { return }
    let label = text + (hiddenRight ? "  " : " ")
    let free = area.width - (last.x + last.width + 1)
    if label.displayWidth <= free {
      buffer.setString(
        label, x: area.right - label.displayWidth, y: area.y,
        style: theme[.muted].background(header.background))
    }
  }
}
