import Access
import TerminalCore
import Widgets

/// Drawing the group-by page: the groups as a table (numbers right-aligned, a to-one by its
/// title, no group's value as `∅`), the chooser's popup over it.
extension GroupByFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    guard area.height > 0, area.width > 0 else { return }
    let theme = context.theme
    if let failure = state.failure {
      buffer.setString("⚠ " + failure.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.error])
      return
    }
    let request = state.request
    let groupings = request.groups.count
    let columns = request.headers.enumerated().map { index, header in
      TableColumn(header, alignment: index < groupings ? .left : .right, maxWidth: 40)
    }
    var table = Table(
      columns: columns, rowCount: state.total,
      sort: state.sortColumn.map { ($0, state.ascending) }, focused: context.focused, theme: theme
    ) { row, column in
      guard let group = state.group(at: row) else { return ("…", .muted) }
      guard let value = request.value(of: group, column: column) else { return ("∅", .muted) }
      return (text(of: value, isComputed: column >= groupings), nil)
    }
    table.position = nil
    var tableState = state.table
    var tableArea = area
    if var field = state.searchInput {
      tableArea.height -= 1
      buffer.setString("/", x: area.x, y: area.bottom - 1, style: theme[.accent])
      TextField(placeholder: "text a group holds", focused: true, theme: theme)
        .render(
          in: Rect(x: area.x + 1, y: area.bottom - 1, width: area.width - 1, height: 1), buffer: &buffer, state: &field)
    }
    table.render(in: tableArea, buffer: &buffer, state: &tableState)
    if state.total == 0, area.height > 2 {
      let text =
        state.window.loading != nil
        ? " Grouping…" : state.request.search.map { " No group holds “\($0)”" } ?? " No rows to group"
      buffer.setString(text, x: area.x, y: area.y + 1, width: area.width, style: theme[.muted])
    }
    if let chooser = state.chooser {
      var picker = chooser.picker
      let anchor = Rect(x: area.x + 2, y: area.y, width: min(area.width - 4, 40), height: 1)
      ChoicePicker(options: chooser.options, theme: theme)
        .renderPopup(anchor: anchor, screen: area, buffer: &buffer, state: &picker)
    }
  }

  /// A value as a cell: counts and sums of whole numbers grouped by thousands (`1,803`; a
  /// grouping's value, a year, as it is), other numbers as the database gave them, texts on
  /// one line.
  static func text(of value: DatabaseValue, isComputed: Bool = false) -> String {
    if isComputed, case .integer(let number) = value { return grouped(Int(number)) }
    return RecordTitle.shortened(RecordTitle.text(of: value), limit: 60).terminalSafe
  }
}
