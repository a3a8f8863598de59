/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable, CustomStringConvertible {
  /// Text colour.
  public var foreground: Color
  /// Cell background.
  public var background: Color
  /// Bold, reverse, underline…
  public var attributes: TextAttributes

  /// Creates a style.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours without attributes.
  public static let plain = Style()

  /// This style with `attributes` added.
  public func adding(_ attributes: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// This style with another foreground.
  public func foreground(_ color: Color) -> Style {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// This style with another background.
  public func background(_ color: Color) -> Style {
    var copy = self
    copy.background = color
    return copy
  }

  /// `fg=… bg=… bold`, leaving out defaults; empty for the plain style.
  public var description: String {
    var parts: [String] = []
    if foreground != .default { parts.append("fg=\(foreground)") }
    if background != .default { parts.append("bg=\(background)") }
    if !attributes.isEmpty { parts.append(attributes.description) }
    return parts.joined(separator: " ")
  }
}
