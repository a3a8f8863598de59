extension DatabaseValue {
  /// Whether the database holds `self` when it was given `given`: the same value, or the
  /// same number written another way (`2.50` given, `2.5` stored as SQLite's REAL; `7` in a
  /// DECIMAL column), or the same boolean as 0/1. A batch step compares what it wrote with
  /// what it reads back this way.
  public func isStored(as given: DatabaseValue) -> Bool {
    if self == given { return true }
    switch (number, given.number) {
    case (let stored?, let wanted?): return stored == wanted
    default: break
    }
    switch (self, given) {
    case (.bool(let flag), .integer(let number)), (.integer(let number), .bool(let flag)):
      return (number != 0) == flag
    default: return false
    }
  }

  /// An exact number's normalized digits (no trailing fraction zeros, no leading zeros), or
  /// a double's value as such digits: nil for anything but a number.
  private var number: String? {
    switch self {
    case .integer(let value): return String(value)
    case .decimal(let text):
      guard var digits = normalizedDecimal(text) else { return nil }
      if digits.contains(".") {
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
      }
      return digits == "-0" ? "0" : digits
    case .real(let value) where value.isFinite:
      if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
      return DatabaseValue.decimal(value.description).number
    default: return nil
    }
  }
}
