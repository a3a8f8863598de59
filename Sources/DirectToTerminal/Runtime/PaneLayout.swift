import TerminalCore

/// How many levels of the navigation stack stand side by side, and how wide each is.
enum PaneLayout {
  /// Three panes from 120 columns, two from 80, one below.
  static func paneCount(width: Int) -> Int {
    width >= 120 ? 3 : width >= 80 ? 2 : 1
  }

  /// The stack indices shown, left to right: the last ones.
  static func visiblePageIndices(stackCount: Int, width: Int) -> [Int] {
    let count = min(stackCount, paneCount(width: width))
    return Array((stackCount - count)..<stackCount)
  }

  /// The rectangles of the visible panes in `area`: an entity list on the left stays
  /// narrow; the others share the rest, the rightmost a little narrower.
  static func rects(for kinds: [PaneKind], in area: Rect) -> [Rect] {
    guard !kinds.isEmpty else { return [] }
    var widths = Array(repeating: 0, count: kinds.count)
    var remaining = area.width
    if kinds.count > 1, kinds[0] == .entities {
      widths[0] = max(18, min(30, area.width / 5))
      remaining -= widths[0]
    }
    let flexible = kinds.indices.filter { widths[$0] == 0 }
    if flexible.count == 2 {
      widths[flexible[0]] = remaining * 56 / 100
      widths[flexible[1]] = remaining - widths[flexible[0]]
    } else {
      for (position, index) in flexible.enumerated() {
        widths[index] =
          position == flexible.count - 1
          ? remaining - flexible.dropLast().reduce(0) { $0 + widths[$1] }
          : remaining / flexible.count
      }
    }
    var x = area.x
    return widths.map { width in
      defer { x += width }
      return Rect(x: x, y: area.y, width: width, height: area.height)
    }
  }

  enum PaneKind: Hashable {
    case entities
    case other
  }
}
