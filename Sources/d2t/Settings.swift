import Assistant
import Config
import Foundation
import TerminalCore

/// The config file as the commands use it: its connections and keys, the rule files of its
/// rule folders, and its problems as one-line messages (d2t still starts).
struct Settings {
  var path: String
  var config: D2TConfig
  var problems: [String]

  static func load(path: String = ConfigLoader.defaultPath()) -> Settings {
    let (config, diagnostics) = ConfigLoader.load(path: path)
    var problems = diagnostics.map { $0.description + "; using the defaults for it" }
    problems += KeyConfigCheck(path: path, config: config).problems()
    if let exposed = exposedPassword(path: path, config: config) { problems.insert(exposed, at: 0) }
    if problems.count > 1 { problems = [problems[0] + " (and \(problems.count - 1) more: d2t config check)"] }
    return Settings(path: path, config: config, problems: problems)
  }

  /// A warning when a connection's URL holds a password and others may read the file.
  static func exposedPassword(path: String, config: D2TConfig) -> String? {
    let holder = config.connections.first { RecentConnections.holdsPassword($0.url) }
    guard let holder, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
    else { return nil }
    return "\(path) holds the password of connection '\(holder.name)' and others may read it (mode "
      + String(mode & 0o777, radix: 8) + "): chmod 600 it, or use password_command"
  }

  /// `*.rules` in `$XDG_CONFIG_HOME/d2t/rules/` and the config's rule folders, by name,
  /// leaving out files already in `excluding` (the demo's own `sakila.rules`).
  /// A file the assistant created for another database (its first line names it) is left
  /// out; `connection` is this session's (`SQLite /data/shop.db`), and `database` its bare
  /// name, which files written before rule files were per connection name.
  func ruleFiles(excluding: [String], database: String? = nil, connection: String? = nil) -> [String] {
    let folders = [(Resources.configDirectory as NSString).appendingPathComponent("rules")] + config.ruleDirectories
    var files: [String] = []
    for folder in folders {
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".rules")
      }
      for name in names.sorted() {
        let path = (folder as NSString).appendingPathComponent(name)
        let owner = Self.assistantOwner(path)
        let demoRules = name == "sakila.rules" && folder == folders[0] && owner == nil
        let owned = owner == nil || owner == connection || owner == database
        if !excluding.contains(path) && !files.contains(path) && !demoRules && owned {
          files.append(path)
        }
      }
    }
    return files
  }

  /// The database a rule file belongs to when the assistant created it for one (its first
  /// line says so); nil for any other file, which loads for every database.
  static func assistantOwner(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 512)) ?? Data()
    let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1).first ?? ""
    return AssistantSection.database(ofHeader: firstLine)
  }

  /// `[keys]` as key events (`C-q` → Ctrl-Q); a name that is not one key is dropped (not
  /// spelled out letter by letter: `banana` bound b, a and n), and `config check` names it.
  var keyOverrides: [String: [KeyEvent]] { Self.keyEvents(config.keys) }

  /// `[keys.PAGE]` as key events, as `keyOverrides`.
  var pageKeyOverrides: [String: [String: [KeyEvent]]] { Self.keyEvents(pages: config.pageKeys) }

  static func keyEvents(_ names: [String: [String]]) -> [String: [KeyEvent]] {
    names.mapValues { names in
      names.compactMap(KeyNames.key(named:))
    }
  }

  static func keyEvents(pages: [String: [String: [String]]]) -> [String: [String: [KeyEvent]]] {
    pages.mapValues { keyEvents($0) }
  }
}
