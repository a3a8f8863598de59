import TerminalCore
import Theming

/// A virtualised list: it asks `item` only for the rows it shows, so the source can hold
/// millions of rows. The selected row is highlighted (`selection` when focused,
/// `inactive-selection` otherwise) and, when the list does not fit, a `12/3400` position
/// indicator ends the last row (whose text is cut short to make room).
public struct ListView: StatefulWidget {
  /// Number of items in the source.
  public var count: Int
  /// The text of item `i`; called only for visible rows.
  public var item: (Int) -> String
  /// Whether the list has the focus.
  public var focused: Bool
  /// Show the position indicator (when the items do not all fit).
  public var showsPosition: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a list.
  public init(
    count: Int, focused: Bool = true, showsPosition: Bool = true, theme: Theme,
    item: @escaping (Int) -> String
  ) {
    self.count = count
    self.item = item
    self.focused = focused
    self.showsPosition = showsPosition
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout ScrollState) {
    guard !area.isEmpty else { return }
    state.scrollIntoView(count: count, visibleRows: area.height)
    let base = theme[.surface]
    buffer.fill(area, with: .blank(base))
    let selectedStyle = theme[focused ? .selection : .inactiveSelection]
    let label = " " + positionLabel(state.selected, count: count) + " "
    let showLabel = showsPosition && count > area.height && label.displayWidth + 8 <= area.width
    for row in 0..<min(area.height, count - state.offset) {
      let index = state.offset + row
      let style = index == state.selected ? selectedStyle : base
      let marker = index == state.selected ? "▌" : " "
      let isLast = row == area.height - 1
      let width = showLabel && isLast ? area.width - label.displayWidth : area.width
      buffer.setString(marker + item(index), x: area.x, y: area.y + row, width: width, style: style)
    }
    if showLabel {
      buffer.setString(
        label, x: area.right - label.displayWidth, y: area.bottom - 1, style: theme[.muted])
    }
  }
}
