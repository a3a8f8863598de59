import Foundation
import TerminalCore

/// One value of a chart: its label (a category, a month) and its number.
public struct ChartPoint: Hashable, Sendable {
  public var label: String
  public var value: Double

  public init(_ label: String, _ value: Double) {
    self.label = label
    self.value = value
  }
}

/// Axis ticks and labels people read at a glance: steps of 1, 2 or 5 times a power of ten
/// (`0 250 500 750`), numbers shortened (`1.2k`, `3.4M`), and labels along an axis spaced so
/// none overlaps the next.
public enum ChartAxis {
  /// The ticks from 0 (or the least value, when it is below 0) up to at least `maximum`,
  /// at most `count` of them. An infinite or NaN bound counts as 0; all ticks are finite.
  public static func ticks(minimum: Double = 0, maximum: Double, count: Int) -> [Double] {
    let low = min(0, minimum.isFinite ? minimum : 0)
    let high = max(maximum.isFinite ? maximum : 0, low + 1)
    let raw = (high - low) / Double(max(1, count - 1))
    // Bounds near the largest Double: their span (or its next power of ten) overflows.
    guard raw.isFinite else { return [low, high] }
    let power = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= raw && $0.isFinite } ?? raw
    var ticks: [Double] = []
    var value = floor(low / step) * step
    // Up to the first tick at or above the highest value, so no column rises past the top.
    while ticks.count < 100 {
      ticks.append(value)
      if value >= high - step * 1e-9 { break }
      value += step
      // A round tick past the largest Double: the highest value is the top instead.
      if !value.isFinite {
        ticks.append(high)
        break
      }
    }
    return ticks
  }

  /// A number in at most about six characters: `950`, `2.5`, `12.3k`, `4.5M`; `∞`, `-∞` and
  /// `NaN` for those that are no number, `1.2e+30` from a thousand trillion up.
  public static func text(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-∞" : "∞" }
    let magnitude = abs(value)
    if magnitude >= 1e15 { return String(format: "%.2g", value) }
    let units: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
    for (size, unit) in units where magnitude >= size {
      return trimmed(value / size) + unit
    }
    return trimmed(value)
  }

  private static func trimmed(_ value: Double) -> String {
    if value == value.rounded(), let whole = Int64(exactly: value) { return String(whole) }
    let text = String(format: abs(value) >= 100 ? "%.0f" : abs(value) >= 10 ? "%.1f" : "%.2f", value)
    var result = text
    while result.contains(".") && (result.hasSuffix("0") || result.hasSuffix(".")) { result.removeLast() }
    return result
  }

  /// Which of `count` labels, `slot` columns apart, to show so each has room for
  /// `labelWidth` columns and a space: every one, every second, every fifth…
  public static func labelStride(count: Int, slot: Double, labelWidth: Int) -> Int {
    guard count > 0, slot > 0 else { return max(1, count) }
    let needed = Double(labelWidth + 1)
    for stride in [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 24, 25, 30, 50, 100, 200, 500, 1000]
    where Double(stride) * slot >= needed {
      return stride
    }
    return count
  }
}
