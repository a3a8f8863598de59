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
