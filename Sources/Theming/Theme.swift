import TerminalCore

/// A mapping from semantic roles to styles. Roles the theme does not define fall back
/// along `ThemeRole.fallback` (e.g. `panel` → `surface` → `background`).
public struct Theme: Hashable, Sendable {
  /// A human name (`Default dark`).
  public var name: String
  /// The styles the theme defines itself.
  public var styles: [ThemeRole: Style]

  /// Creates a theme.
  public init(name: String, styles: [ThemeRole: Style]) {
    self.name = name
    self.styles = styles
  }

  /// The style for a role, following fallbacks; `.selection` without any definition is
  /// reverse video.
  public subscript(role: ThemeRole) -> Style {
    var current: ThemeRole? = role
    while let r = current {
      if let style = styles[r] { return style }
      if r == .selection { return Style(attributes: .reverse) }
      current = r.fallback
    }
    return .plain
  }

  /// This theme with every colour degraded to `depth` (see `Color.degraded(to:)`).
  public func degraded(to depth: ColorDepth) -> Theme {
    Theme(name: name, styles: styles.mapValues { $0.degraded(to: depth) })
  }

  /// The built-in dark theme, identical to `Themes/default.theme`.
  public static let builtinDefault = BuiltinThemes.parse(BuiltinThemes.defaultSource)
  /// The built-in monochrome theme, identical to `Themes/mono.theme`.
  public static let builtinMono = BuiltinThemes.parse(BuiltinThemes.monoSource)
}
