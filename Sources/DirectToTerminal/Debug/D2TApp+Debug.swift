import Access
import Foundation
import Rules
import TerminalCore
import Theming
import Widgets

/// The debug overlay (F12, or `debug <= true`): the focused page's context, every key it
/// and its focused property read with the rule that gave each value, and the last SQL.
extension D2TApp {
  /// Keys a page reads, by task.
  static let pageKeys = [
    "task", "page", "nextTask", "displayNameForEntity", "displayPropertyKeys", "sortOrderings",
    "pageSize", "isEntityReadOnly", "isObjectEditable", "isObjectDeletable", "hideEmptyProperty",
    "title",
  ]
  /// Keys a property component reads.
  static let propertyKeys = ["component", "formatter", "displayNameForProperty", "displayStringForNil"]

  /// The overlay's lines: sections of `key = value   ← source`.
  func debugLines() -> [(text: String, role: ThemeRole)] {
    guard let page = state.focusedPage else { return [] }
    let entity = page.entityName.flatMap { environment.model[entity: $0] }
    var row: Row?
    var propertyKey: String?
    switch page.content {
    case .query(let query):
      if let selected = query.table.rows.selected, query.window.rows.indices.contains(selected) {
        row = query.window.rows[selected]
      }
      if let column = query.table.selectedColumn, query.columns.indices.contains(column) {
        propertyKey = query.columns[column].propertyKey
      }
    case .inspect(let inspect):
      row = inspect.row
      let rows = visibleInspectRows(inspect)
      if let selected = inspect.scroll.selected, rows.indices.contains(selected) {
        propertyKey = rows[selected].propertyKey
      }
    default:
      break
    }
    var lines: [(String, ThemeRole)] = [("Context", .header)]
    lines.append(("task = \(page.task)", .foreground))
    lines.append(("entity = \(entity?.name ?? "nil")", .foreground))
    if let entity, let row {
      let key = entity.primaryKey.map { "\($0)=\(row[$0]?.plainText ?? "?")" }.joined(separator: ", ")
      lines.append(("object = \(entity.name)(\(key))", .foreground))
    }
    lines.append(("propertyKey = \(propertyKey ?? "nil")", .foreground))
    lines.append(("user = \(environment.user.map { String(describing: type(of: $0)) } ?? "nil")", .foreground))
    let pageContext = environment.context(task: page.task, entity: entity, row: row)
    lines.append(("Page keys", .header))
    lines += Self.pageKeys.map { describe($0, in: pageContext) }
    if let propertyKey {
      let propertyContext = environment.context(task: page.task, entity: entity, row: row, propertyKey: propertyKey)
      lines.append(("Property '\(propertyKey)'", .header))
      lines += Self.propertyKeys.map { describe($0, in: propertyContext) }
    }
    lines.append(("Last SQL", .header))
    for entry in worker.database.log.recent(8).reversed() {
      let millis = Double(entry.duration.components.attoseconds) / 1e15
        + Double(entry.duration.components.seconds) * 1000
      var text = String(format: "%7.2f ms ", millis) + entry.sql
      if !entry.bindings.isEmpty { text += "  [" + entry.bindings.joined(separator: ", ") + "]" }
      if let error = entry.error { text += "  ✖ " + error }
      lines.append((text, entry.error == nil ? .muted : .error))
    }
    return lines
  }

  /// `component = DisplayNumber   ← sakila.rules:12 (normal, 2)`.
  func describe(_ key: String, in context: RuleContext) -> (String, ThemeRole) {
    let resolution = context.resolution(forKey: key)
    var value = resolution.value.description
    if value.count > 60 { value = String(value.prefix(59)) + "…" }
    let source: String
    switch resolution.source {
    case .explicit: source = "set by the page"
    case .keyDefault: source = "key default"
    case .rule(let rule):
      let location = rule.source.map { "\(($0.file as NSString).lastPathComponent):\($0.line)" } ?? "Swift rule"
      source = "\(location) (\(rule.priority), \(rule.complexity))"
    }
    if let cycle = resolution.cycle {
      return ("\(key) = ⚠ cycle \(cycle.keys.joined(separator: " → "))", .error)
    }
    return ("\(key) = \(value)   ← \(source)", .foreground)
  }

  func drawDebugOverlay(in area: Rect, buffer: inout Buffer) {
    let block = Block(title: "Debug (F12)", focused: false, fill: .panel, theme: theme)
    block.render(in: area, buffer: &buffer)
    let inner = block.inner(area)
    var y = inner.y
    for line in debugLines() {
      guard y < inner.bottom else { break }
      buffer.setString(line.text, x: inner.x, y: y, width: inner.width, style: theme[line.role])
      y += 1
    }
  }
}
