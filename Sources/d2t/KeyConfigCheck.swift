import Config
import DirectToTerminal
import TerminalCore

/// What is wrong with `[keys]` and `[keys.PAGE]` in config.toml, each problem at its line:
/// names that are no key (`banana` used to bind each of its letters), a `quit` left with
/// only keys the pages take first, and what `PageRegistry.keyProblems` finds in the page
/// sections (no such page or binding, a key that quits, a key another binding keeps).
/// `d2t config check` prints them; the app shows the first when it starts.
struct KeyConfigCheck {
  let path: String
  let config: D2TConfig

  /// Keys every list and inspector takes before the app's own (moving, opening): a global
  /// action bound only to those never runs there.
  static let pageKeys: Set<String> = [
    "j", "k", "h", "l", "g", "G", "Enter", "Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn",
  ]

  func problems() -> [String] {
    var problems: [String] = []
    for (action, names) in config.keys.sorted(by: { $0.key < $1.key }) {
      problems += notKeys(names, of: action, section: "keys")
      let usable = names.filter { KeyNames.parse(token: $0).count == 1 }
      if action == "quit", !usable.isEmpty, usable.allSatisfy(Self.pageKeys.contains) {
        problems.append(
          problem(
            "quit = \(usable) leaves no key that quits where the lists take \(usable.joined(separator: ", ")) first; "
              + "keep one more (e.g. \"q\")", key: action, section: "keys"))
      }
    }
    for (section, bindings) in config.pageKeys.sorted(by: { $0.key < $1.key }) {
      for (name, names) in bindings.sorted(by: { $0.key < $1.key }) {
        problems += notKeys(names, of: name, section: "keys.\(section)")
      }
    }
    let rebinding = KeyRebinding(
      pages: Settings.keyEvents(pages: config.pageKeys), globalOverrides: Settings.keyEvents(config.keys))
    for found in PageRegistry.standard.keyProblems(rebinding) {
      problems.append(problem(found.message, key: found.name ?? "", section: "keys.\(found.section)"))
    }
    return problems
  }

  private func notKeys(_ names: [String], of name: String, section: String) -> [String] {
    names.filter { KeyNames.parse(token: $0).count != 1 }.map {
      problem(
        "'\($0)' is not a key name (a character, Enter, F5, C-q, M-x…); \(name) ignores it", key: name, section: section
      )
    }
  }

  /// `config.toml:7:1: error: message`, at the line of `key` in `[section]`.
  private func problem(_ message: String, key: String, section: String?) -> String {
    let (line, column) = ConfigLoader.position(of: key, in: section, path: path)
    return ConfigDiagnostic(file: path, line: line, column: column, message: message).description
  }
}
