import Access
import TerminalCore
import Theming
import Widgets

/// Drawing an inspector: labels on the left, each property's lines on the right.
extension InspectFeature {
  /// Each visible property's lines at the page's width (the same in `update` and `view`).
  static func blocks(_ state: State, in session: Session) -> [[String]] {
    guard let row = state.row, let entity = session.entity(named: state.entityName) else { return [] }
    let properties = state.visibleRows
    let (_, valueWidth) = columnWidths(properties, width: state.viewport.width)
    return properties.map { property in
      let context = session.componentContext(property.presentation, entity: entity, isDetail: true)
      let value = value(of: property, row: row, state: state, in: session)
      let component = session.registry.component(named: property.presentation.component)
      let lines: [String]
      switch value {
      case .value(.text(let text)), .value(.json(let text)):
        // A long value is laid out once per width, not on every frame and key.
        lines = LayoutCache.shared.lines(text, width: valueWidth, kind: property.presentation.component) { _ in
          component.detailLines(value, in: context, width: valueWidth)
        }
      default:
        lines = component.detailLines(value, in: context, width: valueWidth)
      }
      if let sparkline = state.toManySparklines[property.propertyKey], let first = lines.first {
        return [(first + "  " + sparkline).truncated(toWidth: valueWidth)] + lines.dropFirst()
      }
      return lines.isEmpty ? [""] : lines
    }
  }

  static func columnWidths(_ properties: [InspectRow], width: Int) -> (label: Int, value: Int) {
    let label = min(max(8, width / 3), (properties.map(\.label.displayWidth).max() ?? 8) + 2)
    return (label, max(1, width - label - 1))
  }

  static func value(of property: InspectRow, row: Row, state: State, in session: Session) -> PropertyValue {
    switch property.kind {
    case .attribute:
      return .value(row[property.propertyKey] ?? .null)
    case .toOne(let destination, let joins):
      if let missing = PropertyValue.missingToOne(
        property.propertyKey, joins: joins, in: row, isInverse: property.isInverse)
      {
        return missing
      }
      guard let entity = session.entity(named: state.entityName),
        InspectRow.toOneKey(property, row: row, entity: entity) != nil,
        let destinationEntity = session.model[entity: destination]
      else { return .toOne(title: nil) }
      return .toOne(title: RecordTitle.title(of: row, entity: destinationEntity, prefix: property.propertyKey + "."))
    case .toMany:
      return .toMany(count: state.toManyCounts[property.propertyKey])
    }
  }

  /// `[DS]` for DisplayString, `[DLS]` for DisplayLargeString: the component tag the debug
  /// mode shows beside a value, as the reference's debug labels do.
  static func componentTag(_ name: String) -> String {
    "[" + String(name.filter(\.isUppercase)) + "]"
  }

  /// Scrolls so the selected property's lines are on screen, and no further down than
  /// needed: once the pane is taller again (a resize back), the rows above come back rather
  /// than empty space below.
  static func scrollIntoView(_ state: inout State, in session: Session) {
    let blocks = blocks(state, in: session)
    guard !blocks.isEmpty else { return }
    let hintLine = session.entity(named: state.entityName).map(session.hasDescriptions) == true ? 1 : 0
    let height = max(1, state.viewport.height - (state.message == nil ? 0 : 1) - hintLine)
    state.scroll.offset = min(state.scroll.offset, blocks.count - 1)
    while state.scroll.offset > 0,
      blocks[(state.scroll.offset - 1)...].reduce(0, { $0 + $1.count }) <= height
    {
      state.scroll.offset -= 1
    }
    let selected = min(state.scroll.selected ?? 0, blocks.count - 1)
    if selected < state.scroll.offset { state.scroll.offset = selected }
    while state.scroll.offset < selected
      && blocks[state.scroll.offset...selected].reduce(0, { $0 + $1.count }) > height
    {
      state.scroll.offset += 1
    }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var area = area
    if let message = state.message {
      buffer.setString(message, x: area.x, y: area.y, width: area.width, style: theme[.error])
      area.y += 1
      area.height -= 1
    }
    let properties = state.visibleRows
    let blocks = blocks(state, in: context.session)
    guard state.row != nil, !blocks.isEmpty else {
      if let since = state.loadingSince { Spinner.draw(since: since, in: area, context: context, buffer: &buffer) }
      return
    }
    let (labelWidth, valueWidth) = columnWidths(properties, width: area.width)
    let selected = state.scroll.selected ?? 0
    if let entity = context.session.entity(named: state.entityName), context.session.hasDescriptions(entity),
      area.height > 1
    {
      area.height -= 1
      let hint =
        properties.indices.contains(selected)
        ? context.session.propertyDescription(properties[selected].propertyKey, in: entity) : nil
      buffer.fill(Rect(x: area.x, y: area.bottom, width: area.width, height: 1), with: .blank(theme[.surface]))
      if let text = hint ?? context.session.entityDescription(entity) {
        buffer.setString(text, x: area.x + 1, y: area.bottom, width: max(0, area.width - 1), style: theme[.muted])
      }
    }
    var y = area.y
    for index in properties.indices.dropFirst(state.scroll.offset) {
      guard y < area.bottom else { break }
      let isSelected = index == selected
      let rowStyle = isSelected ? theme[context.focused ? .selection : .inactiveSelection] : theme[.surface]
      for (lineIndex, line) in blocks[index].enumerated() {
        guard y < area.bottom else { break }
        buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: .blank(rowStyle))
        if lineIndex == 0 {
          buffer.setString(
            (isSelected ? "▌" : " ") + properties[index].label, x: area.x, y: y, width: labelWidth,
            style: isSelected ? rowStyle : theme[.muted])
        }
        let tag =
          context.showsDebug && lineIndex == 0 ? componentTag(properties[index].presentation.component) + " " : ""
        buffer.setString(tag + line, x: area.x + labelWidth + 1, y: y, width: valueWidth, style: rowStyle)
        y += 1
      }
    }
    if let since = state.loadingSince { Spinner.draw(since: since, in: area, context: context, buffer: &buffer) }
  }
}
