import Access
import TerminalCore
import Theming
import Widgets

/// Drawing the entity list, query lists, inspectors and error pages.
extension D2TApp {
  func drawEntityList(_ list: inout EntityListState, in area: Rect, focused: Bool, buffer: inout Buffer) {
    let items = list.items
    let counts = list.counts
    let width = area.width
    ListView(count: items.count, focused: focused, showsPosition: false, theme: theme) { index in
      let item = items[index]
      let count = counts[item.name] ?? ""
      let labelWidth = max(1, width - count.displayWidth - 2)
      return item.label.fitted(toWidth: labelWidth) + " " + count
    }.render(in: area, buffer: &buffer, state: &list.scroll)
  }

  func drawQueryList(_ query: inout QueryListState, in area: Rect, focused: Bool, buffer: inout Buffer) {
    var tableArea = area
    if let input = query.input {
      tableArea.height -= input.error == nil ? 1 : 2
      let y = area.bottom - (input.error == nil ? 1 : 2)
      let prompt = input.kind == .search ? "/" : "\\"
      buffer.setString(prompt, x: area.x, y: y, style: theme[.accent])
      var field = input.field
      TextField(placeholder: input.kind == .search ? "search text" : "lastName like 'S*' and active = true",
        focused: true, theme: theme)
        .render(in: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1), buffer: &buffer, state: &field)
      if let error = input.error {
        buffer.setString("⚠ " + error, x: area.x, y: y + 1, width: area.width, style: theme[.error])
      }
    } else if let message = query.message ?? filterSummary(query) {
      tableArea.height -= 1
      let isError = query.message != nil
      buffer.setString(message, x: area.x, y: area.bottom - 1, width: area.width,
        style: theme[isError ? .error : .muted])
    }
    guard let entity = environment.model[entity: query.entityName] else { return }
    let columns = query.columns
    let rows = query.window.rows
    let contexts = columns.map { componentContext($0.presentation, entity: entity, isDetail: false) }
    let components = columns.map { registry.component(named: $0.presentation.component) }
    var sort: (column: Int, ascending: Bool)?
    if let first = query.sort.first,
      let index = columns.firstIndex(where: { $0.sortKeyPath == first.key.description })
    {
      sort = (index, first.direction == .ascending)
    }
    var table = Table(
      columns: columns.map { TableColumn($0.presentation.label, alignment: $0.alignment, maxWidth: 40) },
      rowCount: rows.count, sort: sort, focused: focused, theme: theme
    ) { row, column in
      let value = Self.propertyValue(columns[column], row: rows[row], entity: entity)
      return components[column].display(value, in: contexts[column]).text
    }
    table.position = compactPosition(query)
    table.render(in: tableArea, buffer: &buffer, state: &query.table)
    if rows.isEmpty && query.loading == nil && query.message == nil && tableArea.height > 2 {
      buffer.setString("No rows", x: tableArea.x + 1, y: tableArea.y + 2, style: theme[.muted])
    }
    if let loading = query.loading { drawSpinner(since: loading.since, in: area, buffer: &buffer) }
  }

  /// `filter: lastName like 'S*'  search: smith`, under the table while they apply.
  func filterSummary(_ query: QueryListState) -> String? {
    var parts: [String] = []
    if !query.filterText.isEmpty { parts.append("filter: " + query.filterText) }
    if !query.search.isEmpty { parts.append("search: " + query.search) }
    return parts.isEmpty ? nil : parts.joined(separator: "  ")
  }

  static func propertyValue(_ column: ListColumn, row: Row, entity: Entity) -> PropertyValue {
    switch column.kind {
    case .attribute:
      return .value(row[column.propertyKey] ?? .null)
    case .toOne(let titlePaths, _):
      let parts = titlePaths.compactMap { path -> String? in
        guard let value = row[column.propertyKey + "." + path], !value.isNull else { return nil }
        return value.plainText
      }
      return .toOne(title: parts.isEmpty ? nil : parts.joined(separator: " "))
    case .toMany:
      return .toMany(count: nil)
    }
  }

  func drawInspect(_ inspect: inout InspectState, in area: Rect, focused: Bool, buffer: inout Buffer) {
    var area = area
    if let message = inspect.message {
      buffer.setString(message, x: area.x, y: area.y, width: area.width, style: theme[.error])
      area.y += 1
      area.height -= 1
    }
    guard let row = inspect.row, let entity = environment.model[entity: inspect.entityName] else {
      if let since = inspect.loading { drawSpinner(since: since, in: area, buffer: &buffer) }
      return
    }
    let properties = visibleInspectRows(inspect)
    let labelWidth = min(max(8, area.width / 3), (properties.map(\.label.displayWidth).max() ?? 8) + 2)
    let valueWidth = max(1, area.width - labelWidth - 1)
    var blocks: [[String]] = []
    for property in properties {
      let context = componentContext(property.presentation, entity: entity, isDetail: true)
      let value = inspectValue(property, row: row, counts: inspect.toManyCounts)
      let component = registry.component(named: property.presentation.component)
      var lines = component.detailLines(value, in: context, width: valueWidth)
      if lines.isEmpty { lines = [""] }
      blocks.append(lines)
    }
    var scroll = inspect.scroll
    let selected = scroll.selected ?? 0
    if selected < scroll.offset { scroll.offset = selected }
    while scroll.offset < selected
      && blocks[scroll.offset...selected].reduce(0, { $0 + $1.count }) > area.height
    {
      scroll.offset += 1
    }
    inspect.scroll = scroll
    var y = area.y
    for index in properties.indices.dropFirst(scroll.offset) {
      guard y < area.bottom else { break }
      let isSelected = index == selected
      let rowStyle = isSelected ? theme[focused ? .selection : .inactiveSelection] : theme[.surface]
      for (lineIndex, line) in blocks[index].enumerated() {
        guard y < area.bottom else { break }
        buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: .blank(rowStyle))
        if lineIndex == 0 {
          let marker = isSelected ? "▌" : " "
          buffer.setString(marker + properties[index].label, x: area.x, y: y, width: labelWidth,
            style: isSelected ? rowStyle : theme[.muted])
        }
        buffer.setString(line, x: area.x + labelWidth + 1, y: y, width: valueWidth, style: rowStyle)
        y += 1
      }
    }
    if let since = inspect.loading { drawSpinner(since: since, in: area, buffer: &buffer) }
  }

  func inspectValue(_ property: InspectRow, row: Row, counts: [String: Int]) -> PropertyValue {
    switch property.kind {
    case .attribute:
      return .value(row[property.propertyKey] ?? .null)
    case .toOne(let destination, let key):
      guard key != nil, let entity = environment.model[entity: destination] else { return .toOne(title: nil) }
      return .toOne(title: RecordTitle.title(of: row, entity: entity, prefix: property.propertyKey + "."))
    case .toMany:
      return .toMany(count: counts[property.propertyKey])
    }
  }

  func drawError(_ error: ErrorState, in area: Rect, buffer: inout Buffer) {
    var y = area.y
    for line in error.message.wrapped(toWidth: max(1, area.width - 2)) where y < area.bottom {
      buffer.setString(line, x: area.x + 1, y: y, style: theme[.error])
      y += 1
    }
    if y + 1 < area.bottom {
      buffer.setString("Esc goes back", x: area.x + 1, y: y + 1, style: theme[.muted])
    }
  }
}
