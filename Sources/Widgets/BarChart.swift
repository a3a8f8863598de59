import TerminalCore
import Theming

/// Horizontal bars of a number over categories: each category's label, a bar of block
/// characters (eighths of a cell at its end) relative to the largest value, and the value;
/// as many categories as fit, the rest counted on the last line (`… 12 more`). Under an ASCII
/// locale the terminal draws the blocks as `#`.
public struct BarChart: Widget {
  public var points: [ChartPoint]
  /// Categories there are in all, when more than `points` (the rest are counted).
  public var total: Int?
  public var theme: Theme
  /// How a value is written (default: `ChartAxis.text`).
  public var valueText: (Double) -> String

  public init(
    points: [ChartPoint], total: Int? = nil, theme: Theme, valueText: @escaping (Double) -> String = ChartAxis.text
  ) {
    self.points = points
    self.total = total
    self.theme = theme
    self.valueText = valueText
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard area.width > 4, area.height > 0 else { return }
    let all = max(points.count, total ?? 0)
    let overflow = all > area.height || all > points.count
    let shown = Array(points.prefix(overflow ? max(0, area.height - 1) : area.height))
    let labels = shown.map { $0.label.terminalSafe }
    let values = shown.map { valueText($0.value) }
    let labelWidth = min(labels.map(\.displayWidth).max() ?? 0, max(4, area.width / 3))
    let valueWidth = values.map(\.displayWidth).max() ?? 0
    let barWidth = max(1, area.width - labelWidth - valueWidth - 2)
    // Infinity and NaN (a float or numeric column may hold them) are left out of the scale:
    // their bars are empty, their values written `∞` or `NaN`.
    let largest = shown.map { abs($0.value) }.filter(\.isFinite).max() ?? 0
    for (index, point) in shown.enumerated() {
      let y = area.y + index
      buffer.setString(labels[index], x: area.x, y: y, width: labelWidth, style: theme[.foreground])
      let fraction = largest > 0 && point.value.isFinite ? abs(point.value) / largest : 0
      let bar = FrequencyBar.text(fraction: fraction, width: barWidth)
      buffer.setString(
        bar, x: area.x + labelWidth + 1, y: y, style: theme[point.value < 0 ? .warning : .accent], maxWidth: barWidth)
      buffer.setString(
        values[index], x: area.x + labelWidth + 1 + bar.displayWidth + (bar.isEmpty ? 0 : 1), y: y,
        style: theme[.muted], maxWidth: valueWidth)
    }
    if overflow {
      buffer.setString(
        "… \(GroupedDigits.text(all - shown.count)) more", x: area.x, y: area.y + shown.count, width: area.width,
        style: theme[.muted])
    }
  }
}
