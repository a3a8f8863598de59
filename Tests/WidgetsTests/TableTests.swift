import TerminalCore
import Testing
import Widgets

let columns = [
  TableColumn("ID", alignment: .right), TableColumn("Name"), TableColumn("Email"),
  TableColumn("Age", alignment: .right),
]

func table(
  width: Int, height: Int = 5, state: inout TableState, sort: (column: Int, ascending: Bool)? = nil
) -> Buffer {
  render(width: width, height: height) { buffer, area in
    Table(columns: columns, rowCount: people.count, sort: sort, theme: theme) { people[$0][$1] }
      .render(in: area, buffer: &buffer, state: &state)
  }
}

@Test func tableFitsColumnsToContentAndSpace() {
  var state = TableState()
  let buffer = table(width: 44, height: 3, state: &state, sort: (1, true))
  #expect(
    buffer.lines == [
      " ID Name ▲    Email           Age       1/4 ",
      "  1 Ann Smith ann@example.com  31           ",
      "  2 山田太郎  taro@example.jp  45           ",
    ])
  #expect(buffer[0, 0].style == theme[.header])
  #expect(buffer[40, 1].style == theme[.selection])
}

@Test func tableAt40ColumnsTruncatesAndScrollsSideways() {
  var state = TableState(rows: ScrollState(selected: 1))
  var buffer = table(width: 24, height: 3, state: &state)
  #expect(
    buffer.lines == [
      " ID Name      Email    ▶",
      "  1 Ann Smith ann@examp…",
      "  2 山田太郎  taro@exam…",
    ])
  #expect(buffer[5, 2].style == theme[.selection])
  state.apply(.right, rowCount: people.count, columnCount: columns.count, pageSize: 2)
  state.apply(.right, rowCount: people.count, columnCount: columns.count, pageSize: 2)
  buffer = table(width: 40, height: 3, state: &state)
  #expect(
    buffer.lines == [
      "◀mail           Age                 2/4 ",
      "ann@example.com  31                     ",
      "taro@example.jp  45                     ",
    ])
}

@Test func tableCellCursorKeepsTheSelectedColumnVisible() {
  var state = TableState(rows: ScrollState(selected: 3), selectedColumn: 3)
  let buffer = table(width: 22, height: 3, state: &state)
  #expect(state.firstColumn == 2)
  #expect(state.rows.offset == 2)
  #expect(
    buffer.lines == [
      "◀mail           Age   ",
      "zoe@example.org   7   ",
      "bob@example.com 102   ",
    ])
  #expect(buffer[16, 2].style == theme[.focusedInput])
  #expect(buffer[0, 2].style == theme[.selection])
}

@Test func fittedWidthsGrowWhileScrollingAndNeverShrink() {
  let values = ["a", "b", "a much longer value", "c"]
  var state = TableState()
  func draw() -> Buffer {
    render(width: 30, height: 3) { buffer, area in
      Table(columns: [TableColumn("V"), TableColumn("N")], rowCount: values.count, theme: theme) {
        $1 == 0 ? values[$0] : "\($0)"
      }.render(in: area, buffer: &buffer, state: &state)
    }
  }
  #expect(draw().line(1) == "a   0".fitted(toWidth: 30))
  state.rows.selected = 3
  #expect(draw().line(1) == "a much longer value 2         ")
  state.rows.selected = 0
  #expect(draw().line(1) == "a                   0         ")
  state.fittedWidths = []
  #expect(draw().line(1).hasPrefix("a   0"))
}

/// A cell's role colours its text outside the selected row; the selected row keeps the
/// selection's colours.
@Test func tableCellRolesColourTextOutsideTheSelection() {
  var state = TableState()
  let buffer = render(width: 44, height: 4) { buffer, area in
    let table = Table(
      columns: columns, rowCount: people.count, theme: theme,
      styledCell: { row, column in
        (people[row][column], column == 3 ? .muted : nil)
      })
    table.render(in: area, buffer: &buffer, state: &state)
  }
  // Row 3 (Zoë, 7) is all one-cell characters: its age ends where the header's "Age" ends.
  let age =
    (buffer.lines[0].firstRange(of: "Age").map {
      buffer.lines[0].distance(from: buffer.lines[0].startIndex, to: $0.upperBound)
    } ?? 1) - 1
  #expect(buffer[age, 3].text == "7")
  #expect(buffer[age, 3].style.foreground == theme[.muted].foreground, "a muted cell")
  #expect(buffer[3, 3].style.foreground != theme[.muted].foreground, "other cells keep the table's colour")
  #expect(buffer[age, 1].style.background == theme[.selection].background, "the selected row keeps its colours")
}
