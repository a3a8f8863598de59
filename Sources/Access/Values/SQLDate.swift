/// A calendar date without time zone, as SQL `DATE` holds it.
public struct SQLDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD` (a longer text, such as a timestamp, is cut after the date).
  public init?(iso text: Substring) {
    let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
      (1...12).contains(m), (1...SQLDate.daysIn(month: m, year: y)).contains(d)
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  public init?(iso text: String) { self.init(iso: Substring(text)) }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (a: SQLDate, b: SQLDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    var text = DigitText()
    text.write(self)
    return text.string
  }
}

/// A time of day without time zone, as SQL `TIME` holds it, to the microsecond.
public struct SQLTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var hour: Int
  public var minute: Int
  public var second: Int
  public var microsecond: Int

  public init(hour: Int, minute: Int, second: Int = 0, microsecond: Int = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
    self.microsecond = microsecond
  }

  /// Parses `HH:MM`, `HH:MM:SS` or `HH:MM:SS.ffffff`.
  public init?(iso text: Substring) {
    let main = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let hms = main[0].split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(hms.count), hms.allSatisfy({ $0.count == 2 }),
      let h = Int(hms[0]), let m = Int(hms[1]), (0...24).contains(h), (0...59).contains(m)
    else { return nil }
    let s = hms.count == 3 ? Int(hms[2]) : 0
    guard let s, (0...60).contains(s) else { return nil }
    var micros = 0
    if main.count == 2 {
      let digits = main[1]
      guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit) else {
        return nil
      }
      let six = String(digits.prefix(6)).padding(toLength: 6, withPad: "0", startingAt: 0)
      micros = Int(six) ?? 0
    }
    self.init(hour: h, minute: m, second: s, microsecond: micros)
  }

  public init?(iso text: String) { self.init(iso: Substring(text)) }

  public static func < (a: SQLTime, b: SQLTime) -> Bool {
    (a.hour, a.minute, a.second, a.microsecond) < (b.hour, b.minute, b.second, b.microsecond)
  }

  /// `HH:MM:SS`, with `.ffffff` (trailing zeros dropped) when there is a fraction.
  public var description: String {
    var text = DigitText()
    text.write(self)
    return text.string
  }
}

/// A date and time, with the UTC offset when the column has a time zone.
public struct SQLTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var date: SQLDate
  public var time: SQLTime
  /// Seconds east of UTC, for `timestamp with time zone`; nil for a local timestamp.
  public var utcOffsetSeconds: Int?

  public init(date: SQLDate, time: SQLTime, utcOffsetSeconds: Int? = nil) {
    self.date = date
    self.time = time
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// Parses `YYYY-MM-DD[ T]HH:MM[:SS[.f]][Z|±HH[:MM]]`; a bare date is midnight.
  public init?(iso text: String) {
    if let parsed = FastValueParsing.timestamp(text) {
      self = parsed
      return
    }
    let trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
    guard let date = SQLDate(iso: trimmed) else { return nil }
    var rest = trimmed.dropFirst(10)
    if rest.isEmpty {
      self.init(date: date, time: SQLTime(hour: 0, minute: 0))
      return
    }
    guard rest.first == " " || rest.first == "T" else { return nil }
    rest = rest.dropFirst()
    var offset: Int?
    if rest.hasSuffix("Z") {
      offset = 0
      rest = rest.dropLast()
    } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      guard let magnitude = Self.offsetSeconds(rest[rest.index(after: signIndex)...]) else { return nil }
      offset = rest[signIndex] == "-" ? -magnitude : magnitude
      rest = rest[..<signIndex]
    }
    guard let time = SQLTime(iso: rest) else { return nil }
    self.init(date: date, time: time, utcOffsetSeconds: offset)
  }

  public static func < (a: SQLTimestamp, b: SQLTimestamp) -> Bool {
    (a.date, a.time) < (b.date, b.time)
  }

  /// The seconds in a UTC offset written `H`, `HH`, `HH:MM` or `HHMM` after its sign; nil
  /// past ±15:59, the widest offset PostgreSQL accepts (digits read without bound would
  /// overflow, `+99999999999999999`).
  static func offsetSeconds(_ text: Substring) -> Int? {
    var zone = text.split(separator: ":")
    if zone.count == 1, zone[0].count == 4 { zone = [zone[0].prefix(2), zone[0].suffix(2)] }
    guard (1...2).contains(zone.count),
      zone.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
      let hours = Int(zone[0]), hours <= 15
    else { return nil }
    let minutes = zone.count == 2 ? Int(zone[1]) ?? 60 : 0
    guard minutes < 60 else { return nil }
    return hours * 3600 + minutes * 60
  }

  /// `YYYY-MM-DD HH:MM:SS[.f][+HH[:MM]]`, the form both databases accept.
  public var description: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(36)
    appendDescription(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension SQLTimestamp {
  /// `description`'s UTF-8 bytes appended to `bytes`, no string made (a million timestamps
  /// copied into PostgreSQL).
  public func appendDescription(to bytes: inout [UInt8]) {
    var text = DigitText(reserving: 0)
    swap(&text.bytes, &bytes)
    text.write(date)
    text.bytes.append(32)
    text.write(time)
    if let offset = utcOffsetSeconds {
      let magnitude = abs(offset)
      text.bytes.append(offset < 0 ? 45 : 43)
      text.pad(magnitude / 3600, 2)
      if magnitude % 3600 != 0 {
        text.bytes.append(58)
        text.pad(magnitude % 3600 / 60, 2)
      }
    }
    swap(&text.bytes, &bytes)
  }
}

/// Dates and times written as UTF-8 bytes, zero-padded, then made a string once (a million
/// timestamps bound or exported build no strings per field).
private struct DigitText {
  var bytes: [UInt8] = []

  init(reserving capacity: Int = 36) { if capacity > 0 { bytes.reserveCapacity(capacity) } }

  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// `value` zero-padded to `width` digits (a minus first when negative).
  mutating func pad(_ value: Int, _ width: Int) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(45) }
    var count = 1
    var power: UInt = 10
    while magnitude >= power && count < 20 {
      count += 1
      power = power.multipliedReportingOverflow(by: 10).overflow ? .max : power * 10
    }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(48, count: max(width, count)))
    var index = bytes.count - 1
    repeat {
      bytes[index] = 48 + UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude > 0 && index >= start
  }

  mutating func write(_ date: SQLDate) {
    pad(date.year, 4)
    bytes.append(45)
    pad(date.month, 2)
    bytes.append(45)
    pad(date.day, 2)
  }

  mutating func write(_ time: SQLTime) {
    pad(time.hour, 2)
    bytes.append(58)
    pad(time.minute, 2)
    bytes.append(58)
    pad(time.second, 2)
    guard time.microsecond != 0 else { return }
    var micros = time.microsecond
    var width = 6
    while micros % 10 == 0 {
      micros /= 10
      width -= 1
    }
    bytes.append(46)
    pad(micros, width)
  }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
