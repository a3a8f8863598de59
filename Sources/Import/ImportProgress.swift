/// How far an import is: rows and bytes read, and — from the file's size — the rate and
/// the time left.
public struct ImportProgress: Hashable, Sendable {
  public var rows: Int
  public var bytes: Int
  public var totalBytes: Int?
  public var elapsed: Duration

  public init(rows: Int, bytes: Int, totalBytes: Int?, elapsed: Duration) {
    self.rows = rows
    self.bytes = bytes
    self.totalBytes = totalBytes
    self.elapsed = elapsed
  }

  var seconds: Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// `412,000 rows · 41 % · 180,000 rows/s · 3 s left`.
  public var line: String {
    var parts = ["\(grouped(rows)) rows"]
    let rate = seconds > 0 ? Double(rows) / seconds : 0
    if let totalBytes, totalBytes > 0 {
      let fraction = min(1, Double(bytes) / Double(totalBytes))
      parts.append("\(Int(fraction * 100)) %")
      if rate > 0 { parts.append("\(grouped(Int(rate))) rows/s") }
      if fraction > 0, fraction < 1 {
        parts.append("\(Int((seconds / fraction - seconds).rounded(.up))) s left")
      }
    } else if rate > 0 {
      parts.append("\(grouped(Int(rate))) rows/s")
    }
    return parts.joined(separator: " · ")
  }

  func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
