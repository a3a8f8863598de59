import Foundation

/// The bounds of a histogram's buckets from the minimum to the maximum (n + 1 values for n
/// buckets): equal widths for numbers; for dates and timestamps whole years, months, days
/// or hours, whichever gives at least three buckets, every k-th one when there would be
/// more than 40.
enum HistogramBounds {
  static let maximumCalendarBuckets = 40

  static func bounds(from minimum: DatabaseValue, to maximum: DatabaseValue, buckets: Int) -> [DatabaseValue] {
    if let low = ColumnSummary.number(minimum), let high = ColumnSummary.number(maximum) {
      guard high > low, buckets > 0 else { return [minimum, maximum] }
      let width = (high - low) / Double(buckets)
      // Each bound rounded to the places the values have (9.99 + 3 × 2 is 15.990000000000002
      // in binary, which would put 15.99 in the bucket below), finer only when the buckets are.
      var places = max(decimalPlaces(minimum), decimalPlaces(maximum))
      while places < 12 && width < pow(10, -Double(places)) { places += 1 }
      return [minimum]
        + (1..<buckets).map { index in
          let bound = low + width * Double(index)
          // Bound as a double, as the values are compared (`CAST … AS double`).
          return DatabaseValue.real(Double(String(format: "%.\(places)f", bound)) ?? bound)
        } + [maximum]
    }
    switch (minimum, maximum) {
    case (.date(let low), .date(let high)):
      return calendar(from: start(of: low), to: start(of: high), hours: false).map { .date(sqlDate($0)) }
    case (.timestamp(let low), .timestamp(let high)):
      return calendar(from: date(of: low), to: date(of: high), hours: true).map { .timestamp(sqlTimestamp($0)) }
    default:
      return []
    }
  }

  /// Digits after the point in a number's text: 2 for `9.99`, 0 for `10`.
  private static func decimalPlaces(_ value: DatabaseValue) -> Int {
    let text = value.literalText
    guard let point = text.firstIndex(of: "."), !text.contains("e"), !text.contains("E") else { return 0 }
    return text.distance(from: text.index(after: point), to: text.endIndex)
  }

  private static var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return calendar
  }

  /// Unit starts from the one holding `low` past `high`.
  private static func calendar(from low: Date, to high: Date, hours: Bool) -> [Date] {
    let units: [Calendar.Component] = hours ? [.year, .month, .day, .hour] : [.year, .month, .day]
    for unit in units {
      let count = utc.dateComponents([unit], from: low, to: high).value(for: unit) ?? 0
      guard count >= 2 || unit == units.last else { continue }
      let step = max(1, (count + maximumCalendarBuckets) / maximumCalendarBuckets)
      var bounds: [Date] = [utc.dateInterval(of: unit, for: low)?.start ?? low]
      while let last = bounds.last, last <= high, bounds.count <= maximumCalendarBuckets + 2 {
        guard let next = utc.date(byAdding: unit, value: step, to: last) else { break }
        bounds.append(next)
      }
      return bounds
    }
    return [low, high]
  }

  private static func start(of date: SQLDate) -> Date {
    utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) ?? Date(timeIntervalSince1970: 0)
  }

  private static func date(of stamp: SQLTimestamp) -> Date {
    utc.date(
      from: DateComponents(
        year: stamp.date.year, month: stamp.date.month, day: stamp.date.day, hour: stamp.time.hour,
        minute: stamp.time.minute, second: stamp.time.second)) ?? Date(timeIntervalSince1970: 0)
  }

  private static func sqlDate(_ date: Date) -> SQLDate {
    let parts = utc.dateComponents([.year, .month, .day], from: date)
    return SQLDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  private static func sqlTimestamp(_ date: Date) -> SQLTimestamp {
    let parts = utc.dateComponents([.year, .month, .day, .hour], from: date)
    return SQLTimestamp(
      date: SQLDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1),
      time: SQLTime(hour: parts.hour ?? 0, minute: 0))
  }
}
