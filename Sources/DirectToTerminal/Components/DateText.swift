import Access

/// Dates and times as cells show them; the styles `iso` (`2005-05-24`), `short`
/// (`24 May 2005`) and `long` (`Tuesday, 24 May 2005`).
enum DateText {
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

  static func date(_ value: DatabaseValue, style: String) -> String? {
    switch value {
    case .date(let date): return format(date, style: style)
    case .timestamp(let stamp): return format(stamp.date, style: style)
    case .text(let text): return SQLDate(iso: text).map { format($0, style: style) }
    default: return nil
    }
  }

  /// `22:53:30`; with `fractions`, `22:53:30.123` when there are any.
  static func time(_ value: DatabaseValue, fractions: Bool = false) -> String? {
    switch value {
    case .time(let time): return clock(time, fractions: fractions)
    case .timestamp(let stamp): return clock(stamp.time, fractions: fractions)
    default: return nil
    }
  }

  static func timestamp(_ value: DatabaseValue, style: String) -> String? {
    switch value {
    case .timestamp(let stamp):
      // The plain ISO style keeps fractions of a second (two rows a millisecond apart do
      // not look equal); the other styles are for reading.
      var text = format(stamp.date, style: style) + " " + clock(stamp.time, fractions: style == "iso")
      if let offset = stamp.utcOffsetSeconds {
        text += offset == 0 ? " UTC" : String(format: " %+03d:%02d", offset / 3600, abs(offset) % 3600 / 60)
      }
      return text
    case .date(let date): return format(date, style: style)
    default: return nil
    }
  }

  static func format(_ date: SQLDate, style: String) -> String {
    let month = months[max(0, min(11, date.month - 1))]
    switch style {
    case "short": return "\(date.day) \(month.prefix(3)) \(date.year)"
    case "long": return "\(weekday(date)), \(date.day) \(month) \(date.year)"
    default: return date.description
    }
  }

  /// `22:53:30`, seconds kept; with `fractions`, `22:53:30.5` or `22:53:30.123456` (trailing
  /// zeros dropped) when the time has any.
  static func clock(_ time: SQLTime, fractions: Bool = false) -> String {
    var text = String(format: "%02d:%02d:%02d", time.hour, time.minute, time.second)
    if fractions, time.microsecond > 0 {
      var digits = String(format: "%06d", time.microsecond)
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    return text
  }

  /// Zeller-style weekday of a proleptic Gregorian date.
  static func weekday(_ date: SQLDate) -> String {
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    let year = date.month < 3 ? date.year - 1 : date.year
    let index = (year + year / 4 - year / 100 + year / 400 + offsets[date.month - 1] + date.day) % 7
    return weekdays[index]
  }
}
