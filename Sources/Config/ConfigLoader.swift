import Foundation
import TOMLKit

/// Reads `config.toml` with TOMLKit: syntax errors keep TOML's line and column; a wrong
/// key or type is reported at the line that holds it; what is valid still applies, so d2t
/// starts with whatever the file got right.
public enum ConfigLoader {
  /// The actions whose keys `[keys]` may set.
  public static let actions: Set<String> = [
    "quit", "help", "back", "undo", "redo", "journal", "focusNext", "focusPrevious", "debug", "reloadRules",
    "logout", "console", "assistant",
  ]

  /// `$HOME` when it is an absolute path, else the passwd entry's home.
  static func home(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
  }

  /// `path` with a leading `~` or `~/` as `$HOME` (not the passwd entry's home, which
  /// `expandingTildeInPath` uses); other paths as they are.
  public static func expandingTilde(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return home(environment) + path.dropFirst()
  }

  /// `$XDG_CONFIG_HOME/d2t/config.toml`, or `~/.config/d2t/config.toml` (`~` is `$HOME`).
  public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (home(environment) as NSString).appendingPathComponent(".config")
    return (base as NSString).appendingPathComponent("d2t/config.toml")
  }

  /// The configuration in `path` (none when the file does not exist) and its problems.
  public static func load(path: String) -> (D2TConfig, [ConfigDiagnostic]) {
    guard FileManager.default.fileExists(atPath: path) else { return (D2TConfig(), []) }
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      return (
        D2TConfig(), [ConfigDiagnostic(file: path, line: 1, column: 1, message: "cannot read the file as UTF-8 text")]
      )
    }
    return parse(text, file: path)
  }

  /// Where `key` is written under `[section]` of the file at `path`, for problems found
  /// after loading (a connection's rule file that is missing); the section's line when the
  /// key is not written, 1:1 when neither is.
  /// A problem of the file at `path`, at the line of `key` in `[section]`.
  public static func diagnostic(_ message: String, key: String, in section: String?, path: String) -> ConfigDiagnostic {
    let (line, column) = position(of: key, in: section, path: path)
    return ConfigDiagnostic(file: path, line: line, column: column, message: message)
  }

  public static func position(of key: String, in section: String?, path: String) -> (line: Int, column: Int) {
    guard let data = FileManager.default.contents(atPath: path) else { return (1, 1) }
    let (line, column) = Reader(text: String(decoding: data, as: UTF8.self), file: path).position(of: key, in: section)
    return (line, column)
  }

  public static func parse(_ text: String, file: String) -> (D2TConfig, [ConfigDiagnostic]) {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      return (
        D2TConfig(),
        [
          ConfigDiagnostic(
            file: file, line: error.source.begin.line, column: error.source.begin.column, message: error.description)
        ]
      )
    } catch {
      return (D2TConfig(), [ConfigDiagnostic(file: file, line: 1, column: 1, message: "\(error)")])
    }
    var reader = Reader(text: text, file: file)
    let config = reader.config(table)
    return (config, reader.diagnostics)
  }

  struct Reader {
    let lines: [Substring]
    let file: String
    var diagnostics: [ConfigDiagnostic] = []

    init(text: String, file: String) {
      lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      self.file = file
    }

    /// Where `key` is written (in `[section]` when given, however the file spells it: a
    /// header, a dotted key, an inline table): its line and column; the section's line when
    /// the key is not written, 1:1 when neither is.
    func position(of key: String, in section: String? = nil) -> (Int, Int) {
      let locator = TOMLKeyLocator(lines: lines)
      let table = section.map(Self.components) ?? []
      if let found = locator.position(of: table + [key]) { return (found.line, found.column) }
      if !table.isEmpty {
        if let line = locator.header(of: table) { return (line, 1) }
        if let found = locator.position(of: table) { return (found.line, found.column) }
      }
      return (1, 1)
    }

    /// `connections.db.prod` as the table `connections` and the connection `db.prod`.
    static func components(_ section: String) -> [String] {
      guard let dot = section.firstIndex(of: ".") else { return [section] }
      return [String(section[..<dot]), String(section[section.index(after: dot)...])]
    }

    mutating func problem(_ message: String, key: String, section: String? = nil) {
      let (line, column) = position(of: key, in: section)
      diagnostics.append(ConfigDiagnostic(file: file, line: line, column: column, message: message))
    }

    func strings(_ value: TOMLValueConvertible) -> [String]? {
      if let text = value.string { return [text] }
      guard let array = value.array else { return nil }
      let texts = array.compactMap { $0.string }
      return texts.count == array.count ? texts : nil
    }

    mutating func config(_ table: TOMLTable) -> D2TConfig {
      var config = D2TConfig()
      for key in table.keys {
        guard let value = table[key] else { continue }
        switch key {
        case "theme":
          if let text = value.string {
            config.theme = ConfigLoader.expandingTilde(text)
          } else {
            problem("theme must be a string", key: key)
          }
        case "rule_directories", "theme_directories":
          guard let texts = strings(value) else {
            problem("\(key) must be a list of folders", key: key)
            continue
          }
          let expanded = texts.map { ConfigLoader.expandingTilde($0) }
          if key == "rule_directories" { config.ruleDirectories = expanded } else { config.themeDirectories = expanded }
        case "keys":
          guard let keys = value.table else {
            problem("keys must be a table: [keys]", key: key)
            continue
          }
          config.keys = keyOverrides(keys)
          config.pageKeys = pageKeyOverrides(keys)
        case "connections":
          guard let connections = value.table else {
            problem("connections must be tables: [connections.NAME]", key: key)
            continue
          }
          for name in connections.keys {
            if let connection = connections[name]?.table.flatMap({ self.connection(name, $0) }) {
              config.connections.append(connection)
            }
          }
        default:
          problem(
            "unknown setting '\(key)' (known: theme, rule_directories, theme_directories, keys, connections)", key: key)
        }
      }
      config.connections.sort {
        position(of: "url", in: "connections.\($0.name)").0 < position(of: "url", in: "connections.\($1.name)").0
      }
      return config
    }

    mutating func keyOverrides(_ table: TOMLTable) -> [String: [String]] {
      var keys: [String: [String]] = [:]
      var owner: [String: String] = [:]
      // In the file's order: the later binding of a key is the conflict.
      for action in table.keys.sorted(by: { position(of: $0, in: "keys").0 < position(of: $1, in: "keys").0 })
      where table[action]?.table == nil {
        guard ConfigLoader.actions.contains(action) else {
          problem(
            "unknown action '\(action)' (known: \(ConfigLoader.actions.sorted().joined(separator: ", ")))",
            key: action, section: "keys")
          continue
        }
        guard let value = table[action], let names = strings(value), !names.isEmpty else {
          problem("\(action) must be a key name or a list of them", key: action, section: "keys")
          continue
        }
        var kept: [String] = []
        for name in names {
          if let other = owner[name] {
            problem("key \(name) is bound to both \(other) and \(action)", key: action, section: "keys")
          } else {
            owner[name] = action
            kept.append(name)
          }
        }
        keys[action] = kept
      }
      return keys
    }

    /// `[keys.SECTION]` tables: binding name → key names, each a string or a list of them.
    mutating func pageKeyOverrides(_ table: TOMLTable) -> [String: [String: [String]]] {
      var pages: [String: [String: [String]]] = [:]
      for section in table.keys {
        guard let bindings = table[section]?.table else { continue }
        var keys: [String: [String]] = [:]
        for name in bindings.keys {
          guard let value = bindings[name], let names = strings(value), !names.isEmpty else {
            problem("\(name) must be a key name or a list of them", key: name, section: "keys.\(section)")
            continue
          }
          keys[name] = names
        }
        pages[section] = keys
      }
      return pages
    }

    mutating func connection(_ name: String, _ table: TOMLTable) -> D2TConfig.Connection? {
      let section = "connections.\(name)"
      guard let url = table["url"]?.string else {
        problem("connection '\(name)' needs url = \"…\"", key: "url", section: section)
        return nil
      }
      var connection = D2TConfig.Connection(name: name, url: ConfigLoader.expandingTilde(url))
      for key in table.keys where key != "url" {
        guard let value = table[key] else { continue }
        switch key {
        case "rules":
          if let texts = strings(value) {
            connection.rules = texts.map { ConfigLoader.expandingTilde($0) }
          } else {
            problem("rules must be a file or a list of files", key: key, section: section)
          }
        case "theme":
          if let text = value.string {
            connection.theme = ConfigLoader.expandingTilde(text)
          } else {
            problem("theme must be a string", key: key, section: section)
          }
        case "read_only":
          if let flag = value.bool {
            connection.readOnly = flag
          } else {
            problem("read_only must be true or false", key: key, section: section)
          }
        case "first_task":
          if let text = value.string {
            connection.firstTask = text
          } else {
            problem("first_task must be a string", key: key, section: section)
          }
        case "journal":
          if let flag = value.bool {
            connection.keepsJournal = flag
          } else {
            problem("journal must be true or false", key: key, section: section)
          }
        case "password_command":
          if let text = value.string, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            connection.passwordCommand = text
          } else {
            problem("password_command must be a command (a string)", key: key, section: section)
          }
        default:
          problem(
            "unknown connection setting '\(key)' (known: url, rules, theme, read_only, first_task, journal, "
              + "password_command)", key: key, section: section)
        }
      }
      return connection
    }
  }
}
