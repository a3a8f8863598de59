import BundledThemes
import DemoRules
import Foundation
import History
import Rules

/// Where d2t finds the files it ships: the user's config directory first
/// (`$XDG_CONFIG_HOME/d2t/themes/NAME.theme`, `…/rules/sakila.rules`; `~/.config/d2t` by
/// default), then `$D2T_HOME/Themes` and `$D2T_HOME/Rules`, then the copies embedded in the
/// binary, so an installed `d2t` needs no checkout.
enum Resources {
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// `$XDG_CONFIG_HOME/d2t`, or `~/.config/d2t`.
  static var configDirectory: String {
    if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return (xdg as NSString).appendingPathComponent("d2t") }
    return (StateDirectory.home(environment: environment) as NSString).appendingPathComponent(".config/d2t")
  }

  /// Directories searched for themes, first wins.
  static var themeDirectories: [String] {
    var directories = [(configDirectory as NSString).appendingPathComponent("themes")]
    if let home = environment["D2T_HOME"] { directories.append((home as NSString).appendingPathComponent("Themes")) }
    return directories
  }

  /// The demo's rules: a `sakila.rules` the user put in a rule directory (a path, reloaded
  /// when it changes), else the embedded copy.
  static func demoRules() -> (paths: [String], texts: [RuleFile]) {
    var candidates = [(configDirectory as NSString).appendingPathComponent("rules/" + DemoRules.fileName)]
    if let home = environment["D2T_HOME"] {
      candidates.append((home as NSString).appendingPathComponent("Rules/" + DemoRules.fileName))
    }
    // A `sakila.rules` the assistant wrote for a database of that name is not the demo's.
    if let path = candidates.first(where: {
      FileManager.default.fileExists(atPath: $0) && Settings.assistantOwner($0) == nil
    }) {
      return ([path], [])
    }
    return ([], [RuleFile(name: DemoRules.fileName, text: DemoRules.text)])
  }
}
