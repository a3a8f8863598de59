import Access
@testable import DirectToTerminal
import Foundation
import Rules
import TerminalCore
import Theming

/// Runs the app headless as `d2t --headless` does: a database, rule files, a size and a
/// key script; gives the final screen as text.
struct AppDriver {
  var database: Database
  var countDatabase: Database
  var ruleFiles: [String]
  var debug = false
  var title: String? = "DVD Rental"
  /// The file the assistant writes (`A`, `<`/`>`).
  var assistantRuleFile: String?
  /// config.toml's `[keys]` and `[keys.PAGE]`.
  var keyOverrides: [String: [KeyEvent]] = [:]
  var pageKeyOverrides: [String: [String: [KeyEvent]]] = [:]

  /// The demo with `Rules/sakila.rules`, like `d2t` with no arguments.
  static func demo(debug: Bool = false, rules: [String]? = nil) throws -> AppDriver {
    let log = SQLLog()
    let path = try TestDatabases.demoPath()
    return AppDriver(
      database: try TestDatabases.open(path, log: log),
      countDatabase: try TestDatabases.open(path, log: log),
      ruleFiles: rules ?? [TestDatabases.sakilaRules], debug: debug)
  }

  /// The 200,000-row `item` table with no rule files.
  static func large() throws -> AppDriver {
    let log = SQLLog()
    let path = try TestDatabases.largePath()
    return AppDriver(
      database: try TestDatabases.open(path, log: log),
      countDatabase: try TestDatabases.open(path, log: log), ruleFiles: [], title: nil)
  }

  /// The 1,000,000-row `item` table on PostgreSQL, with no rule files.
  static func postgresLarge() throws -> AppDriver {
    let log = SQLLog()
    return AppDriver(
      database: try PostgresLarge.open(log: log), countDatabase: try PostgresLarge.open(log: log),
      ruleFiles: [], title: nil)
  }

  /// The Sakila demo on PostgreSQL with `Rules/sakila.rules`.
  static func postgres() throws -> AppDriver {
    let log = SQLLog()
    return AppDriver(
      database: try PostgresDemo.open(log: log), countDatabase: try PostgresDemo.open(log: log),
      ruleFiles: [TestDatabases.sakilaRules])
  }

  func makeApp() -> D2TApp {
    var configuration = D2TConfiguration(
      database: database, countDatabase: countDatabase, ruleFiles: ruleFiles,
      theme: .builtinDefault, debug: debug, title: title)
    configuration.assistantRuleFile = assistantRuleFile
    configuration.keyOverrides = keyOverrides
    configuration.pageKeyOverrides = pageKeyOverrides
    return D2TApp(configuration)
  }

  /// A new app fed `keys` (the `--keys` syntax) at `width`×`height`: the final screen.
  func screen(_ keys: String = "", width: Int = 120, height: Int = 40) -> Screen {
    var app = makeApp()
    return Screen(
      D2TRunner.headless(
        &app, size: Size(width: width, height: height), script: D2TRunner.script(keys)))
  }
}

/// Runs more keys on an app that is already running.
func run(_ app: inout D2TApp, _ keys: String = "", width: Int = 120, height: Int = 40) -> Screen {
  Screen(D2TRunner.headless(&app, size: Size(width: width, height: height), script: D2TRunner.script(keys)))
}

/// Waits until the app has reloaded its rules after the watcher saw a changed file: the
/// kernel wakes the watcher at once, so this returns as soon as the reload is taken in (at
/// most 5 s on a loaded machine).
func waitForRuleWatcher(_ app: inout D2TApp) {
  let before = app.state.ruleReloads
  for _ in 0..<500 {
    _ = app.tick()
    if app.state.ruleReloads != before { return }
    Thread.sleep(forTimeInterval: 0.01)
  }
}

/// `text` as `--keys` tokens that type it literally: one token per character, spaces as
/// `Space`, so no word is taken for a key name.
func typing(_ text: String) -> String {
  text.map { $0 == " " ? "Space" : String($0) }.joined(separator: " ")
}

/// A screen as text: its lines with trailing spaces removed.
struct Screen: CustomStringConvertible {
  var lines: [String]

  init(_ buffer: Buffer) {
    lines = buffer.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  init(lines: [String]) { self.lines = lines }

  var description: String { lines.joined(separator: "\n") }

  var breadcrumb: String { lines.first ?? "" }
  var statusBar: String { lines.last ?? "" }

  func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

  /// Whether a line matches `pattern` somewhere.
  func contains(_ pattern: Regex<Substring>) -> Bool { lines.contains { $0.contains(pattern) } }

  /// How many times `text` occurs on the screen.
  func occurrences(of text: String) -> Int {
    lines.reduce(0) { $0 + $1.components(separatedBy: text).count - 1 }
  }

  /// The first line containing `text`.
  func line(containing text: String) -> String? { lines.first { $0.contains(text) } }

  /// How many lines contain `text`.
  func count(of text: String) -> Int { lines.filter { $0.contains(text) }.count }

  /// The cells of the pane whose top border has `title` (`╭─ Film (1,000) ─…╮`): its inner
  /// lines, trimmed of trailing spaces.
  func pane(titled title: String) -> [String]? {
    guard let top = lines.firstIndex(where: { $0.contains("╭─ " + title) }) else { return nil }
    let characters = Array(lines[top])
    guard let range = lines[top].range(of: "╭─ " + title) else { return nil }
    let start = lines[top].distance(from: lines[top].startIndex, to: range.lowerBound)
    guard let end = characters[start...].firstIndex(of: "╮") else { return nil }
    var inner: [String] = []
    for line in lines[(top + 1)...] {
      let row = Array(line)
      guard row.count > start, row[start] != "╰" else { break }
      let slice = row[(start + 1)..<min(end, row.count)]
      inner.append(String(String(slice).reversed().drop { $0 == " " }.reversed()))
    }
    return inner
  }
}
