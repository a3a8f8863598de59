import Foundation

/// The progress line of an export: rows done (of the total when known), rate, and the
/// estimated time left — `  412,000 / 1,000,000 rows  41%  310,512 rows/s  ETA 0:02`.
public struct ExportProgress: Hashable, Sendable {
  public var rowsDone: Int
  public var totalRows: Int?
  public var elapsed: Duration

  public init(rowsDone: Int, totalRows: Int?, elapsed: Duration) {
    self.rowsDone = rowsDone
    self.totalRows = totalRows
    self.elapsed = elapsed
  }

  /// Rows per second so far; nil before any time has passed.
  public var rate: Double? {
    let seconds =
      Double(elapsed.components.seconds)
      + Double(elapsed.components.attoseconds) / 1e18
    guard seconds > 0 else { return nil }
    return Double(rowsDone) / seconds
  }

  /// Seconds left at the current rate; nil without a total or a rate.
  public var secondsLeft: Int? {
    guard let totalRows, let rate, rate > 0 else { return nil }
    return Int((Double(max(0, totalRows - rowsDone)) / rate).rounded(.up))
  }

  /// One line, no newline, for a terminal that redraws it after `\r`.
  public var line: String {
    var parts = [grouped(rowsDone) + (totalRows.map { " / " + grouped($0) } ?? "") + " rows"]
    if let totalRows, totalRows > 0 {
      parts.append(String(min(100, rowsDone * 100 / totalRows)) + "%")
    }
    if let rate { parts.append(grouped(Int(rate)) + " rows/s") }
    if let secondsLeft { parts.append("ETA " + clock(secondsLeft)) }
    return parts.joined(separator: "  ")
  }

  private func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  private func clock(_ seconds: Int) -> String {
    let minutes = seconds / 60
    let rest = seconds % 60
    let padded = rest < 10 ? "0" + String(rest) : String(rest)
    if minutes >= 60 {
      let mins = minutes % 60
      return "\(minutes / 60):" + (mins < 10 ? "0" : "") + "\(mins):" + padded
    }
    return "\(minutes):" + padded
  }
}
