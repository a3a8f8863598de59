import Access
import Foundation
import TerminalCore
import Widgets

/// A column summary as lines: counts, then what the kind of value has, then the histogram
/// with a bar per bucket.
struct SummaryText {
  let summary: ColumnSummary
  let width: Int

  /// The lines, each of parts that are kept whole (`median 2.99`), wrapped to the width.
  var lines: [String] {
    parts.flatMap { parts -> [String] in
      var wrapped: [String] = []
      for part in parts.split(separator: "   ", omittingEmptySubsequences: false).map(String.init) {
        if let last = wrapped.last, last.displayWidth + 3 + part.displayWidth <= max(20, width - 1) {
          wrapped[wrapped.count - 1] = last + "   " + part
        } else {
          wrapped.append(part)
        }
      }
      return wrapped.isEmpty ? [""] : wrapped
    }
  }

  private var parts: [String] {
    var lines = [
      "Rows \(grouped(summary.rowCount))   values \(grouped(summary.valueCount))   NULL \(grouped(summary.nullCount))"
        + "   distinct \(grouped(summary.distinctCount))"
    ]
    guard summary.valueCount > 0 else { return lines }
    switch summary.kind {
    case .number:
      lines.append("Min \(text(summary.minimum))   max \(text(summary.maximum))")
      if let mean = summary.mean {
        lines.append(
          "Mean \(Self.number(mean))"
            + (summary.standardDeviation.map { "   standard deviation \(Self.number($0))" } ?? ""))
      }
      lines.append(percentiles)
    case .temporal:
      lines.append("First \(text(summary.minimum))   last \(text(summary.maximum))")
      lines.append(percentiles)
    case .text:
      lines.append("Shortest \(summary.shortest ?? 0)   longest \(summary.longest ?? 0) characters")
      if let average = summary.averageLength { lines.append("Average length \(Self.number(average))") }
      lines.append("Empty strings \(grouped(summary.emptyCount ?? 0))")
      lines.append("First \(text(summary.minimum))   last \(text(summary.maximum))")
    case .boolean, .related, .other:
      break
    }
    if !summary.topValues.isEmpty {
      lines.append("")
      lines.append(summary.kind == .boolean ? "Values" : "Most frequent")
      // A related row by its title (the values after its key).
      let texts = summary.topValues.map { value -> String in
        guard summary.kind == .related else { return text(value.values.first ?? .null) }
        let titles = value.values.dropFirst().filter { !$0.isNull }.map(\.plainText)
        return titles.isEmpty ? text(value.values.first ?? .null) : titles.joined(separator: " ")
      }
      let textWidth = texts.map(\.displayWidth).max() ?? 0
      let countWidth = summary.topValues.map { grouped($0.count).count }.max() ?? 0
      for (value, label) in zip(summary.topValues, texts) {
        let share = summary.rowCount > 0 ? Double(value.count) * 100 / Double(summary.rowCount) : 0
        lines.append(
          "  " + label.fitted(toWidth: textWidth) + " "
            + grouped(value.count).fitted(toWidth: countWidth, alignment: .right) + " "
            + String(format: "%5.1f%%", share))
      }
    }
    guard !summary.histogram.isEmpty else { return lines }
    lines.append("")
    let labels = summary.histogram.map { label($0.lower) }
    let labelWidth = labels.map(\.displayWidth).max() ?? 0
    let largest = summary.histogram.map(\.count).max() ?? 0
    let countWidth = grouped(largest).count
    let barWidth = max(0, width - labelWidth - countWidth - 6)
    for (bucket, label) in zip(summary.histogram, labels) {
      lines.append(
        "  " + label.fitted(toWidth: labelWidth) + " "
          + grouped(bucket.count).fitted(toWidth: countWidth, alignment: .right) + " "
          + FrequencyBar.text(fraction: largest > 0 ? Double(bucket.count) / Double(largest) : 0, width: barWidth))
    }
    return lines
  }

  /// The histogram as a chart's points, each bucket by its lower bound (`5`, `2005-07`).
  var histogramPoints: [ChartPoint] {
    summary.histogram.map { bucket in
      let text = label(bucket.lower)
      return ChartPoint(text.hasPrefix("≥ ") ? String(text.dropFirst(2)) : text, Double(bucket.count))
    }
  }

  private var percentiles: String {
    ColumnSummary.ranks.map { rank in
      (rank == 50 ? "median" : "p\(rank)") + " " + text(summary.percentiles[rank] ?? .null)
    }.joined(separator: "   ")
  }

  private func text(_ value: DatabaseValue) -> String {
    let plain = value.isNull ? "∅" : value.plainText
    return plain.count > 40 ? String(plain.prefix(39)) + "…" : plain
  }

  /// A bucket's lower bound: a number to four significant places, a date as the unit the
  /// buckets have (`2005`, `2005-05`, `2005-05-24`, `2005-05-24 22h`).
  private func label(_ value: DatabaseValue) -> String {
    if let number = ColumnSummary.number(value), !isTemporal(value) { return "≥ " + Self.number(number) }
    let buckets = summary.histogram
    guard buckets.count > 1 else { return value.plainText }
    switch (buckets[0].lower, buckets[1].lower, value) {
    case (.date(let a), .date(let b), .date(let date)):
      if a.year != b.year { return String(date.year) }
      if a.month != b.month { return String(format: "%04d-%02d", date.year, date.month) }
      return date.description
    case (.timestamp(let a), .timestamp(let b), .timestamp(let stamp)):
      if a.date.year != b.date.year { return String(stamp.date.year) }
      if a.date.month != b.date.month { return String(format: "%04d-%02d", stamp.date.year, stamp.date.month) }
      if a.date != b.date { return stamp.date.description }
      return stamp.date.description + String(format: " %02dh", stamp.time.hour)
    default:
      return value.plainText
    }
  }

  private func isTemporal(_ value: DatabaseValue) -> Bool {
    switch value {
    case .date, .timestamp, .time: return true
    default: return false
    }
  }

  /// Up to four decimals, no trailing zeros: `2.99`, `1.6357`, `1000`.
  static func number(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
    return text
  }
}
