import Access
import Foundation

/// Turns what the user typed into the value a column holds, or says why it cannot:
/// accepts what the formatters show (`$4.99`, `1,234`, `15%`, `6 days`), ISO dates and
/// times, `yes`/`no`.
/// Shared by the editor, the in-grid editor and `d2t import`.
public enum ValueParser {
  public struct Failure: Error, Hashable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
  }

  public static func parse(_ text: String, as type: ValueType) -> Result<DatabaseValue, Failure> {
    if let value = fast(text, as: type) { return .success(value) }
    // Computed where used: a text column's 100 KiB value is never trimmed.
    var trimmed: String { text.trimmingCharacters(in: .whitespaces) }
    if type.isDateOrTimestamp, let endless = infiniteDate(trimmed) { return .success(.text(endless)) }
    switch type {
    case .text(let maxLength, _):
      if let maxLength, text.count > maxLength {
        return .failure(Failure(reason: "at most \(maxLength) characters (\(text.count) typed)"))
      }
      return .success(.text(text))
    case .integer(let bits):
      guard let number = numericText(trimmed), let value = Int64(number) else {
        return .failure(Failure(reason: "a whole number"))
      }
      let limit: Int64 = bits >= 64 ? .max : (1 << (bits - 1)) - 1
      guard value <= limit, value >= -limit - 1 else {
        return .failure(Failure(reason: "between \(-limit - 1) and \(limit)"))
      }
      return .success(.integer(value))
    case .decimal(let precision, let scale):
      guard let number = numericText(trimmed).flatMap(normalizedDecimal) else {
        return .failure(Failure(reason: "a number like 4.99"))
      }
      let parts = number.trimmingCharacters(in: ["-"]).split(separator: ".", omittingEmptySubsequences: false)
      let integerDigits = parts[0] == "0" ? 0 : parts[0].count
      let fractionDigits = parts.count > 1 ? parts[1].count : 0
      if let scale, fractionDigits > scale {
        return .failure(Failure(reason: "at most \(scale) decimal places"))
      }
      if let precision, integerDigits > precision - (scale ?? 0) {
        let maximum = String(repeating: "9", count: max(0, precision - (scale ?? 0)))
        return .failure(
          Failure(
            reason: "too large: at most \(maximum.isEmpty ? "0" : maximum)"
              + (scale.map { $0 > 0 ? "." + String(repeating: "9", count: $0) : "" } ?? "")))
      }
      return .success(.decimal(number))
    case .double:
      if let special = nonFinite(trimmed) { return .success(.real(special)) }
      guard let number = numericText(trimmed), let value = Double(number) else {
        return .failure(Failure(reason: "a number"))
      }
      return .success(.real(value))
    case .boolean:
      switch trimmed.lowercased() {
      case "true", "t", "yes", "y", "1", "on", "✓": return .success(.bool(true))
      case "false", "f", "no", "n", "0", "off", "✗": return .success(.bool(false))
      default: return .failure(Failure(reason: "yes or no"))
      }
    case .date:
      guard let date = SQLDate(iso: trimmed), trimmed.count == 10 else {
        return .failure(Failure(reason: "a date as YYYY-MM-DD"))
      }
      return .success(.date(date))
    case .time:
      guard let time = SQLTime(iso: trimmed) else {
        return .failure(Failure(reason: "a time as HH:MM or HH:MM:SS"))
      }
      return .success(.time(time))
    case .timestamp(let withTimeZone):
      guard let stamp = SQLTimestamp(iso: trimmed) else {
        return .failure(
          Failure(
            reason: withTimeZone
              ? "a timestamp as YYYY-MM-DD HH:MM:SS[+HH]" : "a timestamp as YYYY-MM-DD HH:MM:SS"))
      }
      return .success(.timestamp(stamp))
    case .uuid:
      guard let uuid = UUID(uuidString: trimmed) else { return .failure(Failure(reason: "a UUID")) }
      return .success(.uuid(uuid))
    case .json:
      guard (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil else {
        return .failure(Failure(reason: "valid JSON"))
      }
      return .success(.json(text))
    case .enumeration(_, let values):
      guard values.contains(trimmed) else {
        return .failure(Failure(reason: "one of " + values.joined(separator: ", ")))
      }
      return .success(.text(trimmed))
    case .array(let element):
      return ArrayText.parse(text, element: element)
    case .other:
      guard type.isWritable else { return .failure(Failure(reason: "not editable here")) }
      // The database parses its own types' text (`1 day 02:00`, `[1,10)`, `10.0.0.1/8`) and
      // says what is wrong with it when the row is saved.
      return .success(.text(text))
    case .binary:
      return .failure(Failure(reason: "not editable here"))
    }
  }

  /// `Infinity`, `-Infinity`, `NaN` (as PostgreSQL writes them; `inf` too, any case).
  public static func nonFinite(_ text: String) -> Double? {
    switch text.lowercased() {
    case "infinity", "inf", "+infinity", "+inf": return .infinity
    case "-infinity", "-inf": return -.infinity
    case "nan": return .nan
    default: return nil
    }
  }

  /// PostgreSQL's dates and timestamps without end, `infinity` and `-infinity` (any case),
  /// as the text the database parses; nil for anything else. Other databases refuse them
  /// when the row is saved.
  static func infiniteDate(_ text: String) -> String? {
    switch text.lowercased() {
    case "infinity", "+infinity": return "infinity"
    case "-infinity": return "-infinity"
    default: return nil
    }
  }

  /// What may follow a number: the units the formatters write.
  static let units: Set<String> = ["", "%", "day", "days", "min", "mins", "minutes"]

  /// `$1,234.50` → `1234.50`, `15 %` → `15`, `6 days` → `6`: the number inside what a
  /// formatter shows; nil when there is none, or when anything else follows it (`7x`).
  public static func numericText(_ text: String) -> String? {
    var body = text.replacingOccurrences(of: ",", with: "")
    body = body.replacingOccurrences(of: " ", with: "")
    let allowed = Set("0123456789.-+")
    guard let start = body.firstIndex(where: { allowed.contains($0) }) else { return nil }
    let prefix = body[..<start]
    guard prefix.allSatisfy({ !$0.isLetter || "$€£¥".contains($0) }) else { return nil }
    let number = body[start...].prefix { allowed.contains($0) }
    let suffix = body[start...].dropFirst(number.count).lowercased()
    // Only the units the formatters show: `15%`, `6 days`, `86 min`; `7x` is no number.
    guard Self.units.contains(suffix) else { return nil }
    return number.isEmpty ? nil : String(number)
  }

  /// The text an editor starts with for a stored value.
  public static func editText(_ value: DatabaseValue, type: ValueType) -> String {
    switch value {
    case .null: return ""
    case .timestamp(let stamp): return stamp.description
    case .array(let values): return ArrayText.format(values)
    case .bool(let b): return b ? "yes" : "no"
    default: return value.plainText
    }
  }
}
