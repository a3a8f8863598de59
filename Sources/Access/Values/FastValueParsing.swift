/// Byte-level fast paths for the well-formed texts the databases print, so decoding a
/// million timestamps or decimals allocates nothing but the values. Each returns nil for
/// anything unusual, and the caller then takes the general (slower) path, so accepted
/// inputs mean exactly what they meant before.
enum FastValueParsing {
  /// `YYYY-MM-DD[ T]HH:MM:SS[.f…][±HH[:MM]]` with no surrounding spaces, else nil.
  static func timestamp(_ text: String) -> SQLTimestamp? {
    var text = text
    return text.withUTF8 { timestamp($0) }
  }

  /// `timestamp(_:)` on UTF-8 bytes.
  static func timestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> SQLTimestamp? {
    let count = bytes.count
    guard count >= 10, let date = date(bytes, 0) else { return nil }
    if count == 10 { return SQLTimestamp(date: date, time: SQLTime(hour: 0, minute: 0)) }
    guard count >= 19, bytes[10] == 32 || bytes[10] == 84,
      let hour = twoDigits(bytes, 11), bytes[13] == 58, let minute = twoDigits(bytes, 14),
      bytes[16] == 58, let second = twoDigits(bytes, 17),
      hour <= 24, minute <= 59, second <= 60
    else { return nil }
    var index = 19
    var micros = 0
    if index < count && bytes[index] == 46 {
      index += 1
      var digits = 0
      while index < count, let digit = digit(bytes[index]) {
        if digits < 6 { micros = micros * 10 + digit }
        digits += 1
        index += 1
      }
      guard (1...9).contains(digits) else { return nil }
      if digits < 6 { for _ in digits..<6 { micros *= 10 } }
    }
    var offset: Int?
    if index < count {
      // Offsets past ±15:59 are no timestamp here either (`SQLTimestamp.offsetSeconds`).
      guard bytes[index] == 43 || bytes[index] == 45, let hh = twoDigits(bytes, index + 1), hh <= 15 else {
        return nil
      }
      var magnitude = hh * 3600
      let sign = bytes[index] == 45 ? -1 : 1
      index += 3
      if index < count {
        guard bytes[index] == 58, let mm = twoDigits(bytes, index + 1), mm <= 59 else { return nil }
        magnitude += mm * 60
        index += 3
      }
      guard index == count else { return nil }
      offset = sign * magnitude
    }
    return SQLTimestamp(
      date: date, time: SQLTime(hour: hour, minute: minute, second: second, microsecond: micros),
      utcOffsetSeconds: offset)
  }

  /// Whether `text` is already a canonical decimal: optional `-`, digits without leading
  /// zeros (or a lone `0`), optionally `.` and digits, and not a negative zero.
  static func isCanonicalDecimal(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { isCanonicalDecimal($0) }
  }

  static func isCanonicalDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let negative = bytes.first == 45
    if negative { index = 1 }
    let integerStart = index
    var nonZero = false
    while index < bytes.count, let digit = digit(bytes[index]) {
      if digit != 0 { nonZero = true }
      index += 1
    }
    let integerLength = index - integerStart
    guard integerLength > 0, integerLength == 1 || bytes[integerStart] != 48 else { return false }
    if index < bytes.count {
      guard bytes[index] == 46 else { return false }
      index += 1
      let fractionStart = index
      while index < bytes.count, let digit = digit(bytes[index]) {
        if digit != 0 { nonZero = true }
        index += 1
      }
      guard index > fractionStart, index == bytes.count else { return false }
    }
    return !negative || nonZero
  }

  private static func date(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> SQLDate? {
    guard let y1 = twoDigits(bytes, at), let y2 = twoDigits(bytes, at + 2), bytes[at + 4] == 45,
      let month = twoDigits(bytes, at + 5), bytes[at + 7] == 45, let day = twoDigits(bytes, at + 8),
      (1...12).contains(month)
    else { return nil }
    let year = y1 * 100 + y2
    guard (1...SQLDate.daysIn(month: month, year: year)).contains(day) else { return nil }
    return SQLDate(year: year, month: month, day: day)
  }

  @inline(__always)
  private static func digit(_ byte: UInt8) -> Int? {
    byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
  }

  @inline(__always)
  private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
    guard at + 1 < bytes.count, let a = digit(bytes[at]), let b = digit(bytes[at + 1]) else {
      return nil
    }
    return a * 10 + b
  }
}
