/// How strongly a rule claims its key: higher priorities win before complexity counts.
///
/// Names as in Direct to SwiftUI: `important` 1000, `very high` 200, `high` 150,
/// `normal` 100 (the default), `low` 50, `very low` 5, `fallback` 0; or any integer.
public struct RulePriority: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  public var value: Int

  public init(_ value: Int) {
    self.value = value
  }

  public init(integerLiteral value: Int) {
    self.value = value
  }

  public static let important = RulePriority(1000)
  public static let veryHigh = RulePriority(200)
  public static let high = RulePriority(150)
  public static let normal = RulePriority(100)
  public static let low = RulePriority(50)
  public static let veryLow = RulePriority(5)
  public static let fallback = RulePriority(0)

  static let named: [(String, RulePriority)] = [
    ("important", .important), ("very high", .veryHigh), ("high", .high), ("normal", .normal),
    ("default", .normal), ("low", .low), ("very low", .veryLow), ("fallback", .fallback),
  ]

  /// Parses a name (any case, `very high` with one space) or an integer.
  public init?(text: String) {
    let words = text.lowercased().split(separator: " ").joined(separator: " ")
    if let match = Self.named.first(where: { $0.0 == words }) {
      self = match.1
    } else if let value = Int(words) {
      self.value = value
    } else {
      return nil
    }
  }

  /// The name when there is one, else the number.
  public var description: String {
    Self.named.first { $0.1 == self }?.0 ?? String(value)
  }

  public static func < (lhs: RulePriority, rhs: RulePriority) -> Bool {
    lhs.value < rhs.value
  }
}
