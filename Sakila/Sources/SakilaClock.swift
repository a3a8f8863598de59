import Access

/// Seconds since 1970-01-01 00:00:00, without time zone, converted to SQL calendar values.
///
/// The generator reasons in plain seconds (rental periods, late days) and converts only
/// when it writes a row.
enum SakilaClock {
  static let day: Int64 = 86_400

  static func seconds(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0,
    _ minute: Int = 0, _ second: Int = 0
  ) -> Int64 {
    daysFromCivil(year, month, day) * Self.day + Int64(hour * 3600 + minute * 60 + second)
  }

  static func timestamp(_ seconds: Int64) -> SQLTimestamp {
    let days = seconds >= 0 ? seconds / day : (seconds - day + 1) / day
    let rest = Int(seconds - days * day)
    return SQLTimestamp(
      date: date(days: days),
      time: SQLTime(hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60))
  }

  static func date(_ seconds: Int64) -> SQLDate { timestamp(seconds).date }

  /// Howard Hinnant's days_from_civil.
  private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let m = Int64(month)
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Howard Hinnant's civil_from_days.
  private static func date(days: Int64) -> SQLDate {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = Int(doy - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    let year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
    return SQLDate(year: year, month: month, day: day)
  }
}
