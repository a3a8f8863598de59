/// A dotted key path such as `address.city.country`, read by qualifiers and rules.
///
/// Named `PropertyPath`, not `KeyPath`, so it never shadows Swift's own key paths in the
/// rule DSL.
public struct PropertyPath: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The keys from first to last, e.g. `["address", "city", "country"]`.
  public var components: [String]

  public init(components: [String]) {
    self.components = components
  }

  /// Splits `text` at dots: `"address.phone"` → `["address", "phone"]`.
  public init(_ text: String) {
    self.components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The first key.
  public var first: String { components.first ?? "" }

  /// The path without its first key (empty for a single key).
  public var rest: PropertyPath { PropertyPath(components: Array(components.dropFirst())) }

  public var isSingleKey: Bool { components.count == 1 }

  public var description: String { components.joined(separator: ".") }
}
