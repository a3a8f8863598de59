import BundledThemes
import Config
import Foundation
import Rules
import TerminalCore
import Theming

/// What `d2t config check` finds beyond the TOML: for each connection, rule files that are
/// missing, unreadable, not regular files or have errors (each error with the rule file's
/// line and column, as `d2t rules check` prints it), and themes that do not load; the
/// default `theme` too, and `rule_directories`/`theme_directories` that are no folders.
struct ConfigFilesCheck {
  /// The config file, named in each problem with the line of the setting.
  let path: String
  let config: D2TConfig

  /// The problems, one or more lines each, in the file's order.
  func problems() -> [String] {
    var problems: [String] = []
    if let theme = config.theme, let reason = themeProblem(theme) {
      problems.append(problem(reason, key: "theme", section: nil))
    }
    for (key, folders) in [
      ("rule_directories", config.ruleDirectories), ("theme_directories", config.themeDirectories),
    ] {
      for folder in folders {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
          problems.append(problem("the folder \(folder) does not exist", key: key, section: nil))
        } else if !isDirectory.boolValue {
          problems.append(problem("\(folder) is not a folder", key: key, section: nil))
        }
      }
    }
    for connection in config.connections {
      let section = "connections.\(connection.name)"
      let owner = "connection '\(connection.name)': "
      var files: [RuleFile] = []
      for file in connection.rules {
        do throws(TextFile.Failure) {
          files.append(RuleFile(name: file, text: try TextFile.read(file)))
        } catch {
          problems.append(problem(owner + "the rule file \(file) \(error.reason)", key: "rules", section: section))
        }
      }
      let errors = RuleChecker(registry: .d2t, names: AppRuleNames.names(checking: files))
        .check(files).filter { $0.severity == .error }
      var reported: Set<String> = []
      for name in connection.rules where reported.insert(name).inserted {
        let inFile = errors.filter { $0.file == name }
        guard !inFile.isEmpty else { continue }
        let count = "\(inFile.count) error\(inFile.count == 1 ? "" : "s")"
        problems.append(
          problem(owner + "the rule file \(name) has \(count):", key: "rules", section: section) + "\n"
            + inFile.map(\.description).joined(separator: "\n"))
      }
      if let theme = connection.theme, let reason = themeProblem(theme) {
        problems.append(problem(owner + reason, key: "theme", section: section))
      }
    }
    return problems + KeyConfigCheck(path: path, config: config).problems()
  }

  /// `config.toml:7:1: error: message`, at the line of `key` in `[section]`.
  private func problem(_ message: String, key: String, section: String?) -> String {
    ConfigLoader.diagnostic(message, key: key, in: section, path: path).description
  }

  /// Why the theme `name` does not load (not found, unreadable, with errors), as the app
  /// looks for it; nil when it loads.
  private func themeProblem(_ name: String) -> String? {
    let loader = ThemeLoader(
      directories: Resources.themeDirectories + config.themeDirectories, embedded: BundledThemes.files)
    guard let warning = loader.load(name: name, builtin: Theme.builtinDefault).warnings.first else { return nil }
    // The app falls back to a built-in theme; the check only says what is wrong.
    return warning.range(of: "; using the built-in").map { String(warning[..<$0.lowerBound]) } ?? warning
  }
}
