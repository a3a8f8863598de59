import Foundation
import Testing

/// config.toml in use: a named connection with its own rules, theme and first task; key
/// overrides in the status bar; a broken file reported with file:line:col while d2t still
/// starts; `d2t config check` and `d2t config path`.
@Suite struct ConfigFileTests {
  func setUp() throws -> (scratch: TemporaryDirectory, environment: [String: String], database: String) {
    let scratch = try TemporaryDirectory()
    let database = scratch.url.appendingPathComponent("shop.sqlite3").path
    let created = try D2TProcess.run(["sakila", "create", database])
    try #require(created.status == 0, "\(created.stderr)")
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("d2t/rules"), withIntermediateDirectories: true)
    return (scratch, ["XDG_CONFIG_HOME": scratch.url.path], database)
  }

  @Test func aNamedConnectionOpensWithItsRulesAndKeys() throws {
    let (scratch, environment, database) = try setUp()
    defer { scratch.remove() }
    let rules = scratch.url.appendingPathComponent("shop.rules").path
    try "visibleEntityNames <= (Film, Actor)\n".write(toFile: rules, atomically: true, encoding: .utf8)
    try """
    [keys]
    quit = ["Q"]

    [connections.shop]
    url = "\(database)"
    rules = ["\(rules)"]
    theme = "light"
    """.write(to: scratch.url.appendingPathComponent("d2t/config.toml"), atomically: true, encoding: .utf8)
    let screen = try D2TProcess.run(["shop", "--headless", "--size", "80x8"], environment: environment)
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(screen.stdoutLines.dropFirst(2).first?.contains("Film") == true, "its rules:\n\(screen.stdout)")
    #expect(!screen.stdout.contains("Customer"))
    #expect(screen.stdoutLines.contains { $0.contains("Q Quit") }, "the key override:\n\(screen.stdout)")
    #expect(!screen.stdout.contains("not found"), "the theme loads:\n\(screen.stdout)")
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 0 && check.stdout.contains(": ok (1 connection(s))"), "\(check.stdout)")
    let path = try D2TProcess.run(["config", "path"], environment: environment)
    #expect(path.stdout == scratch.url.appendingPathComponent("d2t/config.toml").path + "\n")
  }

  /// Issue 27: the config, rules, themes and recent connections follow `$HOME`, as logs
  /// and history already did (they came from the passwd entry's home).
  @Test func everyFileFollowsHome() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let environment = ["HOME": home.url.path, "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""]
    let path = try D2TProcess.run(["config", "path"], environment: environment)
    #expect(path.stdout == home.url.appendingPathComponent(".config/d2t/config.toml").path + "\n", "\(path.stdout)")
    // `~` in the file is that HOME too, not the passwd entry's home.
    let config = home.url.appendingPathComponent(".config/d2t")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("myrules"), withIntermediateDirectories: true)
    try "rule_directories = [\"~/myrules\"]\n[connections.lib]\nurl = \"~/lib.sqlite\"\n".write(
      to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    let created = try D2TProcess.run(["sakila", "create", home.url.appendingPathComponent("lib.sqlite").path])
    try #require(created.status == 0, "\(created.stderr)")
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 0, "~/myrules is under HOME: \(check.stdout)")
    let model = try D2TProcess.run(["model", "lib"], environment: environment)
    #expect(model.status == 0 && model.stdout.contains("Film"), "~/lib.sqlite is under HOME: \(model.stderr)")
  }

  /// Issue 27: a key name that is no key (`banana` bound each of its letters, so `a` quit)
  /// is named by `config check` and ignored; a quit left with only keys the lists take is
  /// reported; `redo`, `journal` and `console` can be bound as the README says.
  @Test func keyNamesAreCheckedAndEveryGlobalActionIsBindable() throws {
    let (scratch, environment, database) = try setUp()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("d2t/config.toml")
    try """
    [keys]
    quit = ["q", "C-q", "banana"]
    redo = ["C-y"]
    journal = ["F9"]
    """.write(to: file, atomically: true, encoding: .utf8)
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 1, "\(check.stdout)")
    #expect(check.stdout.contains("'banana' is not a key name"), "\(check.stdout)")
    #expect(!check.stdout.contains("unknown action"), "redo and journal are bindable: \(check.stdout)")
    let screen = try D2TProcess.run(
      [database, "--headless", "--size", "80x8", "--keys", "a n Enter"], environment: environment)
    #expect(screen.status == 0 && screen.stdout.contains("Actor"), "a does not quit: \(screen.stdout)")
    try "[keys]\nquit = [\"j\"]\n".write(to: file, atomically: true, encoding: .utf8)
    let shadowed = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(
      shadowed.status == 1 && shadowed.stdout.contains("the lists, inspectors or entity list take j first"),
      "\(shadowed.stdout)")
    #expect(shadowed.stdout.contains("quit is left with no key that works everywhere; it keeps its default (q)"))
    let kept = try D2TProcess.run(
      [database, "--headless", "--size", "120x8", "--keys", "Enter"], environment: environment)
    #expect(
      kept.stdoutLines.contains { $0.contains("q Quit") } && !kept.stdout.contains("j Quit"),
      "q still quits: \(kept.stdout)")
  }

  /// Issue 27 item 2: `[keys.list]` rebinds the list's keys in the app (status bar and
  /// the keys themselves); `config check` names an unknown binding and a key taken from
  /// another binding at their lines, and the app says so when it starts.
  @Test func pageKeysAreReboundAndChecked() throws {
    let (scratch, environment, database) = try setUp()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("d2t/config.toml")
    try "[keys.list]\nnew = \"N\"\n".write(to: file, atomically: true, encoding: .utf8)
    let rebound = try D2TProcess.run(
      [database, "--headless", "--size", "120x12", "--keys", "Enter N"], environment: environment)
    #expect(rebound.status == 0 && rebound.stdout.contains("New Actor"), "N creates: \(rebound.stdout)")
    let list = try D2TProcess.run(
      [database, "--headless", "--size", "120x12", "--keys", "Enter"], environment: environment)
    #expect(list.stdoutLines.contains { $0.contains("N New") && $0.contains("q Quit") }, "\(list.stdout)")
    try "[keys.list]\nnew = \"N\"\nneww = \"b\"\nsortAscending = \"e\"\n".write(
      to: file, atomically: true, encoding: .utf8)
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 1, "\(check.stdout)")
    #expect(
      check.stdout.contains(":3:1: error: neww is no key of the list page (its keys: open, search,"), "\(check.stdout)")
    #expect(
      check.stdout.contains(":4:1: error: e is edit's on the list page; sortAscending takes it from edit"),
      "\(check.stdout)")
    let started = try D2TProcess.run([database, "--headless", "--size", "200x12"], environment: environment)
    #expect(started.stdout.contains("neww is no key of the list page"), "said at start: \(started.stdout)")

    // The keys of every line being typed: Ctrl-Y clears to the start instead of Ctrl-U.
    try "[keys.text]\nclearToStart = \"Ctrl-Y\"\n".write(to: file, atomically: true, encoding: .utf8)
    let kept = try D2TProcess.run(
      [database, "--headless", "--size", "120x12", "--keys", "Enter / abc C-u"], environment: environment)
    #expect(kept.stdout.contains("/abc"), "Ctrl-U no longer clears: \(kept.stdout)")
    let cleared = try D2TProcess.run(
      [database, "--headless", "--size", "120x12", "--keys", "Enter / abc C-y"], environment: environment)
    #expect(!cleared.stdout.contains("abc"), "Ctrl-Y does: \(cleared.stdout)")
    try "[keys.text]\nclearToStart = \"x\"\n".write(to: file, atomically: true, encoding: .utf8)
    let typed = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(
      typed.stdout.contains(":2:1: error: x types itself in text; clearToStart cannot have it"), "\(typed.stdout)")
  }

  /// Issue 27 item 7: a file named on the command line must exist (exit 1, on stderr), and
  /// rule and theme folders that do not exist, or are files, are reported with their line.
  @Test func checkRefusesAMissingFileAndMissingFolders() throws {
    let (scratch, environment, _) = try setUp()
    defer { scratch.remove() }
    let missing = try D2TProcess.run(["config", "check", scratch.url.appendingPathComponent("nope.toml").path])
    #expect(missing.status == 1 && missing.stderr.contains("nope.toml: no such file"), "\(missing.stderr)")
    let file = scratch.url.appendingPathComponent("d2t/config.toml")
    try "theme = \"light\"\nrule_directories = [\"\(scratch.url.path)/gone\"]\ntheme_directories = [\"\(file.path)\"]\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let checked = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(checked.status == 1)
    #expect(
      checked.stdout.contains(":2:1: error: the folder \(scratch.url.path)/gone does not exist"), "\(checked.stdout)")
    #expect(checked.stdout.contains(":3:1: error: \(file.path) is not a folder"), "\(checked.stdout)")
  }

  @Test func aBrokenFileIsReportedAndD2TStillStarts() throws {
    let (scratch, environment, database) = try setUp()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("d2t/config.toml")
    try "theme = \"light\"\ncolour = 3\n".write(to: file, atomically: true, encoding: .utf8)
    let screen = try D2TProcess.run([database, "--headless", "--size", "200x8"], environment: environment)
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(screen.stdout.contains(file.path + ":2:1: error: unknown setting 'colour'"), "\(screen.stdout)")
    #expect(screen.stdout.contains("Actor"), "and starts with the defaults:\n\(screen.stdout)")
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status != 0 && check.stdout.contains(":2:1: error: unknown setting 'colour'"), "\(check.stdout)")
  }

  @Test func checkReportsEachConnectionsRuleFilesAndTheme() throws {
    let (scratch, environment, database) = try setUp()
    defer { scratch.remove() }
    let missing = scratch.url.appendingPathComponent("missing.rules").path
    let broken = scratch.url.appendingPathComponent("broken.rules").path
    try "# shop\nvisibleEntityNames <= (Film, Actor\n".write(toFile: broken, atomically: true, encoding: .utf8)
    let file = scratch.url.appendingPathComponent("d2t/config.toml")
    try """
    [connections.shop]
    url = "\(database)"
    rules = ["\(missing)", "\(broken)"]
    theme = "no-such-theme"

    [connections.other]
    url = "\(database)"
    rules = ["\(scratch.url.path)", "/dev/null"]
    """.write(to: file, atomically: true, encoding: .utf8)
    let check = try D2TProcess.run(["config", "check"], environment: environment)
    #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
    let lines = check.stdoutLines
    #expect(
      lines.contains("\(file.path):3:1: error: connection 'shop': the rule file \(missing) does not exist"),
      "\(check.stdout)")
    #expect(
      lines.contains("\(file.path):3:1: error: connection 'shop': the rule file \(broken) has 1 error:"),
      "\(check.stdout)")
    #expect(
      lines.contains { $0.hasPrefix("\(broken):2:") && $0.contains(": error: ") },
      "file:line:col of the rule error:\n\(check.stdout)")
    #expect(
      lines.contains { $0.hasPrefix("\(file.path):4:1: error: connection 'shop': theme 'no-such-theme' not found") },
      "\(check.stdout)")
    #expect(
      lines.contains(
        "\(file.path):8:1: error: connection 'other': the rule file \(scratch.url.path) is a directory, not a file"),
      "\(check.stdout)")
    #expect(
      lines.contains(
        "\(file.path):8:1: error: connection 'other': the rule file /dev/null is a device, not a regular file"),
      "\(check.stdout)")
    #expect(!check.stdout.contains(": ok"), "\(check.stdout)")
  }
}
