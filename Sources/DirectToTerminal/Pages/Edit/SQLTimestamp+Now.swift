import Access
import Foundation

extension SQLTimestamp {
  /// A moment as local time, to the second.
  static func now(_ date: Date) -> SQLTimestamp {
    let calendar = Calendar(identifier: .gregorian)
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return SQLTimestamp(
      date: SQLDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1),
      time: SQLTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0))
  }
}
