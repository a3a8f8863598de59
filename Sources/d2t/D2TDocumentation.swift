import CBuildInfo

/// The parts of `d2t --help` and the man page that are not options: environment variables
/// and examples, kept in one place so both say the same.
enum D2TDocumentation {
  static let release = "0.2.0"

  /// `0.2.0 (commit 1a2b3c4d5e6f)` for a build of `scripts/install` or `scripts/package`,
  /// `0.2.0 (development build)` otherwise.
  static let version: String = {
    let commit = String(cString: d2t_build_commit())
    return release + (commit.isEmpty ? " (development build)" : " (commit \(commit))")
  }()

  static let environment: [(name: String, meaning: String)] = [
    ("D2T_HOME", "a folder whose Themes/ and Rules/ come after the user's config folder"),
    ("D2T_LOGLEVEL", "log level (trace, debug, info, notice, warning, error, critical)"),
    ("D2T_LOG_FILE", "where the log goes (never the terminal)"),
    ("D2T_TRACE_STARTUP", "1: the start's phases and times on standard error at exit; a path: written there"),
    ("NO_COLOR", "any value: no colours (the monochrome theme)"),
    ("XDG_CONFIG_HOME", "user themes in d2t/themes, rules in d2t/rules (default ~/.config)"),
    ("XDG_CACHE_HOME", "where the demo database is built and server catalogs are kept (default ~/.cache)"),
    ("XDG_STATE_HOME", "history and logs (default ~/.local/state)"),
    ("PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGSERVICE, …", "as for psql; ~/.pgpass applies"),
    ("MYSQL_HOST, MYSQL_TCP_PORT, MYSQL_UNIX_PORT, MYSQL_PWD", "as for mysql; ~/.my.cnf [client] applies"),
  ]

  /// The man page's section on the assistant.
  static let assistant = """
    A (or F2) opens the assistant for what has focus: a column or field (shown, place, \
    label, formatter, component), an entity in the entity list (display name, listed, place, \
    read-only, default sort, page size) or the page (nextTask, firstTask). A change asks its \
    scope: this entity in this task (the default), this entity in every task, every entity \
    (not for lists of properties or sorts), or only the logged-in user; it shows the exact \
    rule, and Enter writes it. A change for a wider scope starts from the value that scope \
    sees. Rules go to the --rules file given last, else the connection's last rule file from \
    config.toml, else $XDG_CONFIG_HOME/d2t/rules/DATABASE-HASH.rules (loaded only for that \
    connection). A rule of that file for the same key and comparisons is changed in place, its \
    comment kept; a file with a syntax error is not written to. u in the assistant undoes the \
    last written rule; < and > in a list move a column the same way.
    """

  static let examples: [(command: String, meaning: String)] = [
    ("d2t", "the built-in DVD Rental demo"),
    ("d2t shop.sqlite", "a SQLite file"),
    ("d2t postgres://me@db.example/shop", "PostgreSQL by URL, or a keyword string (\"host=… dbname=…\")"),
    (
      "d2t mysql://me@db.example/shop",
      "MySQL or MariaDB by URL (mariadb:// too; ~/.my.cnf [client] and MYSQL_PWD apply)"
    ),
    ("d2t shop.sqlite --rules my.rules --theme light", "with your rules and another theme"),
    ("d2t --rules my.rules", "the demo with your rules added to its own (yours win ties)"),
    ("d2t model shop.sqlite --json", "what d2t made of the schema"),
    ("d2t rules check my.rules --database shop.sqlite", "check a rule file"),
    ("d2t rules format --check my.rules", "list rule files not in the canonical layout"),
    ("d2t --headless --size 120x40 --keys \"Enter Down Enter\"", "print a screen without a terminal"),
  ]

  /// Whether the command line asks for d2t's help or its manual, the only places the
  /// discussion shows: it is made from the open command's help, which ArgumentParser
  /// builds by reflection (2 ms of every start otherwise).
  static func asksForHelp(_ arguments: [String]) -> Bool {
    let words = arguments.dropFirst()
    return words.first == "help" || words.first == "manual" || words.contains("--help") || words.contains("-h")
      || words.contains("--help-hidden")
  }

  /// The discussion under `d2t --help`.
  static var discussion: String {
    var text = "Without a subcommand, d2t opens DATABASE (the open command):\n"
    let open = RunCommand.helpMessage(columns: 76)
    if let start = open.range(of: "ARGUMENTS:") { text += String(open[start.lowerBound...]) + "\n" }
    return text + environmentAndExamples
  }

  static var environmentAndExamples: String {
    // Lines stay under 78 columns: ArgumentParser re-wraps longer ones.
    var text = "ENVIRONMENT:\n"
    for (name, meaning) in environment { text += "  \(name)\n      \(meaning)\n" }
    text += "\nEXAMPLES:\n"
    for (command, meaning) in examples { text += "  \(command)\n      \(meaning)\n" }
    return text
  }
}
