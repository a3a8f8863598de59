import BundledThemes
import Config
import Foundation
import Theming

/// What shell completion offers besides options and file names: theme names (built in and
/// the user's) and connection names from config.toml.
enum Completions {
  static func themes() -> [String] {
    ThemeLoader(directories: Resources.themeDirectories, embedded: BundledThemes.files).names
  }

  static func connections() -> [String] {
    Settings.load().config.connections.map(\.name)
  }
}
