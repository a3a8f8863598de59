import Access

/// The exact text of a value in CSV and JSON Lines, the same in both:
///
/// - decimals as their digits (`4.99`, never through a `Double`), integers as digits,
///   doubles in Swift's shortest round-trip form (`0.1`, `1e+20`), `NaN`, `Infinity`, `-Infinity`;
/// - booleans `true`/`false`;
/// - dates `2005-05-24`, times `22:53:30.5`, timestamps ISO 8601 with a `T`
///   (`2005-05-24T22:53:30`, with an offset `2005-05-24T22:53:30+02:00`);
/// - binary as `\x` and lowercase hex (PostgreSQL's `bytea` form: `\x0aff`);
/// - UUIDs lowercase; JSON and arrays (`{a,b}`) as their text.
///
/// NULL has no text: each format marks it its own way.
public enum ExportText {
  /// The value's text (empty for NULL).
  public static func text(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return ""
    case .bool(let b): return b ? "true" : "false"
    case .timestamp(let t): return iso8601(t)
    default: return value.literalText
    }
  }

  static func iso8601(_ t: SQLTimestamp) -> String {
    iso8601(t) { String(decoding: $0, as: UTF8.self) }
  }

  /// `iso8601(_:)` as UTF-8 bytes, valid during `body`, with no string built.
  static func iso8601<R>(_ t: SQLTimestamp, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    // Seven fields of at most 20 characters (`Int.min`) and their separators.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { buffer in
      var text = DigitWriter(buffer: buffer)
      text.digits(t.date.year, 4)
      text.append(45)
      text.digits(t.date.month, 2)
      text.append(45)
      text.digits(t.date.day, 2)
      text.append(84)
      text.digits(t.time.hour, 2)
      text.append(58)
      text.digits(t.time.minute, 2)
      text.append(58)
      text.digits(t.time.second, 2)
      if t.time.microsecond != 0 {
        text.append(46)
        var micros = t.time.microsecond
        var width = 6
        while micros % 10 == 0 {
          micros /= 10
          width -= 1
        }
        text.digits(micros, width)
      }
      if let offset = t.utcOffsetSeconds {
        let magnitude = abs(offset)
        text.append(offset < 0 ? 45 : 43)
        text.digits(magnitude / 3600, 2)
        text.append(58)
        text.digits(magnitude % 3600 / 60, 2)
      }
      return body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
    }
  }
}

/// Bytes written into a buffer large enough for them (a struct, so writing a timestamp
/// allocates nothing).
private struct DigitWriter {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  /// `value` zero-padded to `width` digits; as `String(value)` when it does not fit.
  @inline(__always)
  mutating func digits(_ value: Int, _ width: Int) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var value = value
    if value < 0 || value >= divisor * 10 {
      for byte in String(value).utf8 { append(byte) }
      return
    }
    while divisor > 0 {
      append(UInt8(48 + value / divisor))
      value %= divisor
      divisor /= 10
    }
  }
}
