import Config
import DirectToTerminal
import TerminalCore

/// What is wrong with `[keys]` and `[keys.PAGE]` in config.toml, each problem at its line:
/// names that are no key (`banana` used to bind each of its letters), and what
/// `PageRegistry.globalKeyProblems` and `keyProblems` find (keys two actions are given, keys
/// the pages take first, quit or help left without a key, no such page or binding, a key
/// that quits, a key another binding keeps no other key beside).
/// `d2t config check` prints them; the app shows the first when it starts.
struct KeyConfigCheck {
  let path: String
  let config: D2TConfig

  /// The problems in the file's order.
  func problems() -> [String] {
    // The defaults have none (KeyRebindingTests); the pages' key maps are not built for nothing.
    if config.keys.isEmpty, config.pageKeys.isEmpty { return [] }
    var problems: [ConfigDiagnostic] = []
    for (action, names) in config.keys.sorted(by: { $0.key < $1.key }) {
      problems += notKeys(names, of: action, section: "keys")
    }
    for (section, bindings) in config.pageKeys.sorted(by: { $0.key < $1.key }) {
      for (name, names) in bindings.sorted(by: { $0.key < $1.key }) {
        problems += notKeys(names, of: name, section: "keys.\(section)")
      }
    }
    let global = Settings.keyEvents(config.keys)
    let rebinding = KeyRebinding(pages: Settings.keyEvents(pages: config.pageKeys), globalOverrides: global)
    for found in PageRegistry.globalKeyProblems(global) + PageRegistry.standard.keyProblems(rebinding) {
      problems.append(
        problem(found.message, key: found.name ?? "", section: found.section.map { "keys.\($0)" } ?? "keys"))
    }
    return problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
      .map(\.element.description)
  }

  private func notKeys(_ names: [String], of name: String, section: String) -> [ConfigDiagnostic] {
    names.filter { KeyNames.key(named: $0) == nil }.map {
      problem(
        "'\($0)' is not a key name (a character, Enter, Esc, F5, C-q or Ctrl-Q, M-x, PgDn…); \(name) ignores it",
        key: name, section: section)
    }
  }

  /// `config.toml:7:1: error: message`, at the line of `key` in `[section]`, with that line.
  private func problem(_ message: String, key: String, section: String?) -> ConfigDiagnostic {
    ConfigLoader.diagnostic(message, key: key, in: section, path: path)
  }
}
