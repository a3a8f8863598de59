import TerminalCore

/// A selected index in `0..<count` plus the first visible row: the state shared by lists
/// and tables.
public struct ScrollState: Hashable, Sendable {
  /// The selected row, nil when nothing is selected (or the source is empty).
  public var selected: Int?
  /// The first visible row.
  public var offset: Int

  /// Creates a state with `selected` (default: the first row).
  public init(selected: Int? = 0, offset: Int = 0) {
    self.selected = selected
    self.offset = offset
  }

  /// Moves the selection; `pageSize` is the number of visible rows.
  public mutating func apply(_ action: NavigationAction, count: Int, pageSize: Int) {
    guard count > 0 else {
      selected = nil
      return
    }
    let current = selected ?? 0
    let page = max(1, pageSize)
    let target: Int
    switch action {
    case .up: target = current - 1
    case .down: target = selected == nil ? 0 : current + 1
    case .pageUp: target = current - page
    case .pageDown: target = current + page
    case .halfPageUp: target = current - max(1, page / 2)
    case .halfPageDown: target = current + max(1, page / 2)
    case .top: target = 0
    case .bottom: target = count - 1
    case .left, .right: target = current
    }
    selected = min(max(0, target), count - 1)
  }

  /// Clamps the selection to `count` and scrolls so it is among `visibleRows` rows.
  public mutating func scrollIntoView(count: Int, visibleRows: Int) {
    if count == 0 {
      selected = nil
      offset = 0
      return
    }
    if let s = selected { selected = min(max(0, s), count - 1) }
    let rows = max(1, visibleRows)
    if let s = selected {
      if s < offset { offset = s }
      if s >= offset + rows { offset = s - rows + 1 }
    }
    offset = min(max(0, offset), max(0, count - rows))
  }
}

extension ScrollState {
  /// The row index under a screen point, for mouse clicks: `area` is where the rows were
  /// drawn (for a table, below its header). Nil outside the area or past the last row.
  public func index(at point: Point, in area: Rect, count: Int) -> Int? {
    guard area.contains(point) else { return nil }
    let index = offset + point.y - area.y
    return index < count ? index : nil
  }
}

/// The `12/3400` label lists and tables show at the bottom right.
func positionLabel(_ selected: Int?, count: Int) -> String {
  guard count > 0 else { return "0/0" }
  return "\((selected ?? 0) + 1)/\(count)"
}
