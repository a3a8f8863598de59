/// Text attributes a terminal can show without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bold or bright.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim (faint).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic.
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underlined.
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  /// Blinking.
  public static let blink = TextAttributes(rawValue: 1 << 5)

  /// Every attribute with its theme-file name, in a stable order.
  public static let named: [(name: String, attribute: TextAttributes)] = [
    ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
    ("reverse", .reverse), ("blink", .blink),
  ]

  /// The attribute names, comma separated (`bold,reverse`); empty when none.
  public var description: String {
    TextAttributes.named.filter { contains($0.attribute) }.map(\.name).joined(separator: ",")
  }
}
