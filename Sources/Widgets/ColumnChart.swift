import TerminalCore
import Theming

/// A number over time as columns of block characters (eighths of a cell at the top), with a
/// y axis of readable ticks on the left and the time labels under the columns, spaced so
/// none overlaps the next; each column is as wide as the width allows (at least one cell:
/// more points than columns keeps the last that fit, saying how many are left out). Fits
/// any area from 40×12 up; under an ASCII locale the blocks are drawn `_ . : #`.
public struct ColumnChart: Widget {
  public var points: [ChartPoint]
  /// Points there are in all, when more than `points` (the latest are given).
  public var total: Int?
  public var theme: Theme

  static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  public init(points: [ChartPoint], total: Int? = nil, theme: Theme) {
    self.points = points
    self.total = total
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard area.width >= 10, area.height >= 4, !points.isEmpty else { return }
    let plotHeight = area.height - 2
    // Infinity and NaN (a float or numeric column may hold them) are left out of the scale;
    // their columns stay empty.
    let maximum = max(points.map(\.value).filter(\.isFinite).max() ?? 0, 0)
    let ticks = ChartAxis.ticks(maximum: maximum, count: max(2, min(6, plotHeight / 2 + 1)))
    let top = ticks.last ?? 1
    let tickTexts = ticks.map(ChartAxis.text)
    let axisWidth = (tickTexts.map(\.displayWidth).max() ?? 1) + 1
    let plotX = area.x + axisWidth + 1
    let plotWidth = area.width - axisWidth - 1
    guard plotWidth > 0 else { return }
    let shown = Array(points.suffix(plotWidth))
    let columnWidth = max(1, min(8, plotWidth / shown.count))
    let gap = columnWidth >= 3 ? 1 : 0
    // The axis: each tick at its row, the vertical line beside it.
    for y in area.y..<(area.y + plotHeight) {
      buffer.setString("│", x: area.x + axisWidth, y: y, style: theme[.border])
    }
    for (tick, text) in zip(ticks, tickTexts) {
      let row = area.y + plotHeight - 1 - Self.scaled(tick / top, to: plotHeight - 1)
      buffer.setString(text, x: area.x, y: row, width: axisWidth - 1, style: theme[.muted], alignment: .right)
    }
    buffer.setString(
      "└" + String(repeating: "─", count: plotWidth), x: area.x + axisWidth, y: area.y + plotHeight,
      style: theme[.border])
    // The columns, in eighths of a row.
    for (index, point) in shown.enumerated() {
      let eighths = top > 0 && point.value.isFinite ? Self.scaled(point.value / top, to: plotHeight * 8) : 0
      let x = plotX + index * columnWidth
      for row in 0..<plotHeight {
        let filled = eighths - row * 8
        guard filled > 0 else { break }
        let block = String(Self.levels[min(8, filled) - 1])
        let y = area.y + plotHeight - 1 - row
        buffer.setString(
          String(repeating: block, count: max(1, columnWidth - gap)), x: x, y: y, style: theme[.accent])
      }
    }
    // The labels under the columns, never overlapping.
    let labelWidth = shown.map { $0.label.terminalSafe.displayWidth }.max() ?? 1
    let stride = ChartAxis.labelStride(count: shown.count, slot: Double(columnWidth), labelWidth: labelWidth)
    var nextFree = plotX
    for index in Swift.stride(from: 0, to: shown.count, by: stride) {
      let x = plotX + index * columnWidth
      let label = shown[index].label.terminalSafe
      guard x >= nextFree, x + label.displayWidth <= area.right else { continue }
      buffer.setString(label, x: x, y: area.y + plotHeight + 1, style: theme[.muted])
      nextFree = x + label.displayWidth + 1
    }
    let all = max(points.count, total ?? 0)
    if shown.count < all {
      let note = "(last \(shown.count) of \(all))"
      buffer.setString(note, x: max(plotX, area.right - note.displayWidth), y: area.y, style: theme[.muted])
    }
  }

  /// A share of `whole` rounded to a whole number: the share is held within 0…1 (NaN as 0)
  /// so that no value, however large, leaves the plot or fails to convert to `Int`.
  static func scaled(_ fraction: Double, to whole: Int) -> Int {
    guard fraction > 0 else { return 0 }
    return Int((min(1, fraction) * Double(whole)).rounded())
  }
}
