import Access
import TerminalCore

/// Turns a value into the text a cell shows, by name from the `formatter` rule key:
/// `currency`, `currency:€`, `number:2`, `integer`, `percent`, `date:short`, `date:long`,
/// `date:iso`, `time`, `datetime`, `days`, `minutes`, plus the demo's `CurrencyFormatter`,
/// `DaysDurationFormatter`, `MinutesDurationFormatter` and the defaults' `IntegerFormatter`, `DecimalFormatter`,
/// `DoubleFormatter`, `DateFormatter`, `TimeFormatter` and `DateTimeFormatter`.
///
/// Decimals are formatted from their exact text, never through `Double`.
public struct ValueFormatter: Sendable {
  /// The formatter's name as rules write it.
  public let name: String
  private let format: @Sendable (DatabaseValue) -> String?

  public init(name: String, format: @escaping @Sendable (DatabaseValue) -> String?) {
    self.name = name
    self.format = format
  }

  /// The formatted text, or nil when the formatter does not apply to this value (the
  /// component then shows the value as it is).
  public func string(for value: DatabaseValue) -> String? {
    value.isNull ? nil : format(value)
  }

  /// The formatter for `name`, including parameterised names (`number:3`, `currency:€`);
  /// nil for an unknown name, also an empty one (`''`, `':'`).
  static func named(_ name: String) -> ValueFormatter? {
    let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
    guard let first = parts.first else { return nil }
    let base = first.lowercased()
    let argument = parts.count > 1 ? parts[1] : nil
    switch base {
    case "currency", "currencyformatter":
      let symbol = argument ?? "$"
      return ValueFormatter(name: name) { value in
        decimalText(value).map { symbol + grouped(rounded($0, places: 2)) }
      }
    case "number":
      let places = argument.flatMap(Int.init) ?? 2
      return ValueFormatter(name: name) { value in
        decimalText(value).map { grouped(rounded($0, places: places)) }
      }
    case "integerformatter":
      return ValueFormatter(name: name) { value in decimalText(value).map { rounded($0, places: 0) } }
    case "integer":
      return ValueFormatter(name: name) { value in
        decimalText(value).map { grouped(rounded($0, places: 0)) }
      }
    case "decimalformatter", "doubleformatter":
      return ValueFormatter(name: name) { value in decimalText(value).map(grouped) }
    case "percent":
      return ValueFormatter(name: name) { value in
        decimalText(value).map { grouped(rounded(shifted($0, by: 2), places: argument.flatMap(Int.init) ?? 0)) + "%" }
      }
    case "date", "dateformatter":
      return ValueFormatter(name: name) { value in DateText.date(value, style: argument ?? "iso") }
    case "time", "timeformatter":
      return ValueFormatter(name: name) { value in DateText.time(value) }
    case "datetime", "datetimeformatter", "timestamp":
      return ValueFormatter(name: name) { value in DateText.timestamp(value, style: argument ?? "iso") }
    case "days", "daysdurationformatter":
      return ValueFormatter(name: name) { value in
        value.int64Value.map { $0 == 1 ? "1 day" : "\($0) days" }
      }
    case "minutes", "minutesdurationformatter":
      return ValueFormatter(name: name) { value in
        value.int64Value.map { $0 >= 60 ? "\($0 / 60) h \($0 % 60) min" : "\($0) min" }
      }
    default:
      return nil
    }
  }

  /// Every formatter name d2t knows, for `d2t rules check` and the README.
  static let knownNames = [
    "currency", "number", "integer", "percent", "date", "time", "datetime", "days", "minutes",
    "CurrencyFormatter", "DaysDurationFormatter", "MinutesDurationFormatter", "IntegerFormatter",
    "DecimalFormatter", "DoubleFormatter", "DateFormatter", "TimeFormatter", "DateTimeFormatter",
  ]
}

/// The exact decimal text of a numeric value.
func decimalText(_ value: DatabaseValue) -> String? {
  switch value {
  case .integer(let v): return String(v)
  case .decimal(let text): return text
  case .real(let v): return shortestDecimal(v)
  case .text(let text): return normalizedDecimal(text)
  default: return nil
  }
}

/// A double as the shortest decimal that reads back as the same double (`0.1`, `3.5`,
/// `100`); nil when that needs an exponent (`1e+308`) or it is not finite.
func shortestDecimal(_ value: Double) -> String? {
  let text = value.description
  guard value.isFinite, !text.contains("e") else { return nil }
  return normalizedDecimal(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
}

/// `"1234567.891"` → `"1,234,567.891"` (`GroupedDigits`).
func grouped(_ text: String) -> String { GroupedDigits.text(text) }

/// Rounds exact decimal text half away from zero: `rounded("4.995", places: 2)` → `"5.00"`.
/// Negative places (`number:-1`) count as 0: a whole number.
func rounded(_ text: String, places requested: Int) -> String {
  let places = max(0, requested)
  let negative = text.hasPrefix("-")
  let body = negative ? String(text.dropFirst()) : text
  let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
  var digits = Array(parts[0]) + Array(parts.count == 2 ? parts[1] : "")
  let integerCount = parts[0].count
  let fraction = parts.count == 2 ? parts[1].count : 0
  if fraction > places {
    let keep = integerCount + places
    let roundUp = digits[keep] >= "5"
    digits = Array(digits[..<keep])
    if roundUp {
      var index = digits.count - 1
      while index >= 0 {
        if digits[index] == "9" {
          digits[index] = "0"
          index -= 1
        } else {
          digits[index] = Character(String((digits[index].wholeNumberValue ?? 0) + 1))
          break
        }
      }
      if index < 0 { digits.insert("1", at: 0) }
    }
  } else {
    digits += Array(repeating: "0", count: places - fraction)
  }
  let split = digits.count - places
  var result = String(digits[..<split])
  if result.isEmpty { result = "0" }
  if places > 0 { result += "." + String(digits[split...]) }
  let isZero = !result.contains { $0 != "0" && $0 != "." }
  return negative && !isZero ? "-" + result : result
}

/// Moves the decimal point right by `places` (percent).
func shifted(_ text: String, by places: Int) -> String {
  let negative = text.hasPrefix("-")
  let body = negative ? String(text.dropFirst()) : text
  let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
  var fraction = parts.count == 2 ? String(parts[1]) : ""
  fraction += String(repeating: "0", count: max(0, places - fraction.count))
  let integer = String(parts[0]) + fraction.prefix(places)
  let rest = fraction.dropFirst(places)
  let result = normalizedDecimal(rest.isEmpty ? integer : integer + "." + rest) ?? integer
  return negative ? "-" + result : result
}
