/// The theme files d2t ships, embedded in the binary: an installed `d2t` has every theme
/// without the checkout. A file of the same name in the user's theme directory wins.
public enum BundledThemes {
  /// Theme name → file text.
  public static let files: [String: String] = [
    "default": String(decoding: PackageResources.default_theme, as: UTF8.self),
    "light": String(decoding: PackageResources.light_theme, as: UTF8.self),
    "high-contrast": String(decoding: PackageResources.high_contrast_theme, as: UTF8.self),
    "mono": String(decoding: PackageResources.mono_theme, as: UTF8.self),
    "terminal": String(decoding: PackageResources.terminal_theme, as: UTF8.self),
  ]
}
