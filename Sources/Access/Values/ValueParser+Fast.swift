/// The common forms of each type parsed without Foundation (no trimming, no searching):
/// what an import of a million rows mostly reads. Anything else — and anything out of range,
/// so the message is the usual one — goes through `ValueParser.parse`'s full path, which
/// gives the same value for these forms.
extension ValueParser {
  static func fast(_ text: String, as type: ValueType) -> DatabaseValue? {
    switch type {
    case .text(let maxLength, _):
      guard let maxLength else { return .text(text) }
      // UTF-8 bytes are at least as many as characters.
      return text.utf8.count <= maxLength ? .text(text) : nil
    case .integer(let bits):
      guard let value = Int64(text) else { return nil }
      let limit: Int64 = bits >= 64 ? .max : (1 << (bits - 1)) - 1
      return value <= limit && value >= -limit - 1 ? .integer(value) : nil
    case .decimal(let precision, let scale):
      guard FastValueParsing.isCanonicalDecimal(text) else { return nil }
      let digits = text.utf8.drop { $0 == 45 }
      let point = digits.firstIndex(of: 46)
      let integerDigits = point.map { digits.distance(from: digits.startIndex, to: $0) } ?? digits.count
      let fractionDigits = point.map { digits.distance(from: $0, to: digits.endIndex) - 1 } ?? 0
      let integerCount = integerDigits == 1 && digits.first == 48 ? 0 : integerDigits
      if let scale, fractionDigits > scale { return nil }
      if let precision, integerCount > precision - (scale ?? 0) { return nil }
      return .decimal(text)
    case .double:
      // Digits, a point, an exponent: not the hexadecimal or `nan` forms `Double` also takes.
      guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) || [46, 101, 69, 43, 45].contains($0) }),
        let value = Double(text)
      else { return nil }
      return .real(value)
    case .boolean:
      switch text {
      case "true", "t", "1", "TRUE", "True", "yes", "y": return .bool(true)
      case "false", "f", "0", "FALSE", "False", "no", "n": return .bool(false)
      default: return nil
      }
    case .date:
      guard text.utf8.count == 10, let date = SQLDate(iso: text) else { return nil }
      return .date(date)
    case .timestamp:
      guard text.utf8.first != 32, text.utf8.last != 32, let stamp = SQLTimestamp(iso: text) else { return nil }
      return .timestamp(stamp)
    default:
      return nil
    }
  }
}

extension ValueParser {
  /// The common forms of integers, booleans and timestamps read straight from UTF-8 bytes (an
  /// import's fields), giving what `parse` gives for them; nil for anything else, which the
  /// caller parses as text.
  public static func fast(bytes: UnsafeBufferPointer<UInt8>, as type: ValueType) -> DatabaseValue? {
    switch type {
    case .integer(let bits):
      guard let value = integer(bytes) else { return nil }
      let limit: Int64 = bits >= 64 ? .max : (1 << (bits - 1)) - 1
      return value <= limit && value >= -limit - 1 ? .integer(value) : nil
    case .boolean:
      switch bytes.count {
      case 1 where bytes[0] == 0x31 || bytes[0] == 0x74: return .bool(true)
      case 1 where bytes[0] == 0x30 || bytes[0] == 0x66: return .bool(false)
      case 4 where bytes.elementsEqual("true".utf8): return .bool(true)
      case 5 where bytes.elementsEqual("false".utf8): return .bool(false)
      default: return nil
      }
    case .timestamp:
      guard let first = bytes.first, first != 32, bytes.last != 32 else { return nil }
      return FastValueParsing.timestamp(bytes).map(DatabaseValue.timestamp)
    default:
      return nil
    }
  }

  /// Whether UTF-8 `bytes` (checked as UTF-8) are, as they stand, the text of the value
  /// `parse` gives for a column of `type`: text within its length, a canonical decimal within
  /// its precision and scale. An import writes such a field's bytes without making a string.
  public static func isFastText(bytes: UnsafeBufferPointer<UInt8>, as type: ValueType) -> Bool {
    switch type {
    case .text(let maxLength, _):
      // UTF-8 bytes are at least as many as characters.
      return maxLength.map { bytes.count <= $0 } ?? true
    case .decimal(let precision, let scale):
      guard FastValueParsing.isCanonicalDecimal(bytes) else { return false }
      let digits = bytes.first == 45 ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
      let point = digits.firstIndex(of: 46)
      let integerDigits = point ?? digits.count
      let fractionDigits = point.map { digits.count - $0 - 1 } ?? 0
      let integerCount = integerDigits == 1 && digits.first == 48 ? 0 : integerDigits
      if let scale, fractionDigits > scale { return false }
      if let precision, integerCount > precision - (scale ?? 0) { return false }
      return true
    default:
      return false
    }
  }

  /// `-?[0-9]+` (a `+` too) as an Int64, nil on anything else or an overflow.
  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    var negative = false
    if let first = bytes.first, first == 0x2D || first == 0x2B {
      negative = first == 0x2D
      index = 1
    }
    guard index < bytes.count else { return nil }
    var value: Int64 = 0
    while index < bytes.count {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
      guard !overflowTimes, !overflowSum else { return nil }
      value = sum
      index += 1
    }
    return value
  }
}
