import Foundation

extension ValueType {
  /// Decodes a value the database gave as text (every PostgreSQL value in text format;
  /// SQLite text that holds dates, decimals, …) into this type.
  ///
  /// Text that does not fit the type stays `.text`, so a column holding mixed storage
  /// classes never fails to load.
  public func decode(text: String) -> DatabaseValue {
    switch self {
    case .integer:
      return Int64(text).map(DatabaseValue.integer) ?? .text(text)
    case .decimal:
      return normalizedDecimal(text).map(DatabaseValue.decimal) ?? .text(text)
    case .double:
      return Double(text).map(DatabaseValue.real) ?? .text(text)
    case .text(_, let isFixedWidth):
      return .text(isFixedWidth ? trimmingTrailingBlanks(text) : text)
    case .boolean:
      switch text.lowercased() {
      case "t", "true", "1", "yes", "y", "on": return .bool(true)
      case "f", "false", "0", "no", "n", "off": return .bool(false)
      default: return .text(text)
      }
    case .date:
      return SQLDate(iso: text).map(DatabaseValue.date) ?? .text(text)
    case .time:
      return SQLTime(iso: text).map(DatabaseValue.time) ?? .text(text)
    case .timestamp:
      return SQLTimestamp(iso: text).map(DatabaseValue.timestamp) ?? .text(text)
    case .uuid:
      return UUID(uuidString: text).map(DatabaseValue.uuid) ?? .text(text)
    case .json:
      return .json(text)
    case .binary:
      return decodeHexBytes(text).map(DatabaseValue.blob) ?? .text(text)
    case .enumeration, .other:
      return .text(text)
    case .array(let element):
      return PostgresArrayLiteral.parse(text, element: element).map(DatabaseValue.array)
        ?? JSONArrayText.parse(text, element: element).map(DatabaseValue.array) ?? .text(text)
    }
  }
}

/// `"004.50"` → `"4.50"`, `"-0"` → `"0"`, `"1e3"` → nil: canonical exact decimal text.
public func normalizedDecimal(_ text: String) -> String? {
  if FastValueParsing.isCanonicalDecimal(text) { return text }
  var digits = Substring(text.trimmingCharacters(in: .whitespaces))
  var negative = false
  if digits.first == "-" || digits.first == "+" {
    negative = digits.first == "-"
    digits = digits.dropFirst()
  }
  let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
  guard let integerPart = parts.first, parts.count <= 2,
    !(integerPart.isEmpty && (parts.count == 1 || parts[1].isEmpty)),
    integerPart.allSatisfy(\.isASCIIDigit),
    parts.count == 1 || parts[1].allSatisfy(\.isASCIIDigit)
  else { return nil }
  var integer = String(integerPart.drop { $0 == "0" })
  if integer.isEmpty { integer = "0" }
  let fraction = parts.count == 2 ? String(parts[1]) : ""
  var result = fraction.isEmpty ? integer : integer + "." + fraction
  if negative && result.contains(where: { $0 != "0" && $0 != "." }) { result = "-" + result }
  return result
}

/// PostgreSQL's bytea hex output (`\x0aff`) or plain hex → bytes.
func decodeHexBytes(_ text: String) -> [UInt8]? {
  var hex = Substring(text)
  if hex.hasPrefix("\\x") { hex = hex.dropFirst(2) }
  guard hex.count % 2 == 0 else { return nil }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(hex.count / 2)
  var index = hex.startIndex
  while index < hex.endIndex {
    let next = hex.index(index, offsetBy: 2)
    guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
    bytes.append(byte)
    index = next
  }
  return bytes
}

/// Bytes as lowercase hex without prefix.
func hexString(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef")
  var text = ""
  text.reserveCapacity(bytes.count * 2)
  for byte in bytes {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0x0f)])
  }
  return text
}

private func trimmingTrailingBlanks(_ text: String) -> String {
  guard text.last == " " else { return text }
  var end = text.endIndex
  while end > text.startIndex, text[text.index(before: end)] == " " {
    end = text.index(before: end)
  }
  return String(text[..<end])
}
