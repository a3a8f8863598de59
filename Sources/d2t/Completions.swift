import BundledThemes
import Config
import Foundation
import Theming

/// What shell completion offers: theme names (built in and the user's), connection names
/// from config.toml, and files.
enum Completions {
  static func themes() -> [String] {
    ThemeLoader(directories: Resources.themeDirectories, embedded: BundledThemes.files).names
  }

  /// Named connections, then the files of the working directory.
  static func databases() -> [String] {
    let names = Settings.load().config.connections.map(\.name)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)) ?? []
    return names + files.sorted()
  }
}
