/// The man page's hand-written sections: files, keys, the config file and exit status.
extension D2TDocumentation {
  static let files: [(path: String, meaning: String)] = [
    ("$XDG_CONFIG_HOME/d2t/config.toml", "named connections, the default theme, keys, rule and theme folders"),
    (
      "$XDG_CONFIG_HOME/d2t/rules/*.rules",
      "rule files loaded for every connection (the assistant's own per connection)"
    ),
    ("$XDG_CONFIG_HOME/d2t/themes/*.theme", "themes, found by name with --theme"),
    ("$XDG_CACHE_HOME/d2t/", "the DVD Rental demo database, built on first use"),
    (
      "$XDG_CACHE_HOME/d2t/catalogs/",
      "each server's catalog as last read: the next start draws from it and checks it (safe to delete)"
    ),
    ("$XDG_STATE_HOME/d2t/recent", "connections opened lately, for the picker (never a password)"),
    ("$XDG_STATE_HOME/d2t/history/", "searches, filters and console statements (never one with a password)"),
    ("$XDG_STATE_HOME/d2t/journal/", "the change journal of connections that keep one"),
    ("$XDG_STATE_HOME/d2t/logins/failures.json", "the login back-off (names kept only as hashes)"),
    ("~/.pgpass, ~/.my.cnf", "read by libpq and Connector/C as psql and mysql read them"),
  ]

  static let keys: [(key: String, meaning: String)] = [
    ("Enter, l, →", "open: a list from the entity list, a row from a list, a related list from a row"),
    ("Esc, h, ←", "back to the page before"),
    ("j k ↑ ↓ g G PgUp PgDn", "move"),
    ("/ and \\", "search a list; filter it with a qualifier (name like 'A*' and rating = 'G')"),
    ("s S [ ]", "sort by the column ascending, descending; move between columns"),
    ("= !", "only rows with, or without, the value under the cursor"),
    ("F i I", "a column's values counted; its summary; every column summarised"),
    ("b", "the rows grouped by the column, counted and added up"),
    ("e n d", "edit, new, delete (where the rules and the database allow it)"),
    ("Ctrl-S, Esc", "save, or leave an edit (asking when there is unsaved input)"),
    ("u U J", "undo, redo, the journal of the session's changes"),
    ("v y Y x", "view a value in full, copy it, copy the row, export the rows"),
    (":", "the SQL console (Ctrl-R runs)"),
    ("A, F2", "the assistant: reshape what has focus by writing a rule"),
    ("F12", "the debug overlay: the rule behind each value"),
    ("?, F1", "every key of the page"),
    ("q, Ctrl-Q", "quit"),
  ]

  static let configuration = """
    config.toml is TOML. Top level: theme = "NAME", rule_directories = ["DIR", …], \
    theme_directories = ["DIR", …]. [keys]: an action and its keys, quit = ["q", "C-q"] \
    (actions: quit, help, back, undo, redo, journal, focusNext, focusPrevious, debug, \
    reloadRules, logout, console, assistant). [keys.PAGE]: a page's bindings by the names help \
    shows beside each key, new = "c" in [keys.list] (pages: list, inspect, edit, select, \
    entities, console, viewer, export, journal, frequencies, groups, chart, summary, summaries, assistant, \
    login, and text for the keys of every line being typed); no page binding can take the keys \
    of quit, F1, F2 or F12. [connections.NAME]: url (a URL, a libpq keyword string or \
    a SQLite file), rules = ["FILE", …], theme, read_only, first_task, journal (keep the change \
    journal), password_command (its first line of output is the password). d2t NAME opens the \
    connection; d2t config check validates the file.
    """

  static let exitStatus: [(status: String, meaning: String)] = [
    ("0", "success (also when the terminal's input ends)"),
    ("1", "a failure: the database could not be opened, a file could not be written, config check found problems"),
    ("2", "the terminal cannot run d2t"),
    ("64", "a usage error: an unknown option, entity, column or a bad qualifier"),
    ("128+N", "ended by signal N (130 for Ctrl-C from outside, 143 for SIGTERM), the terminal restored"),
  ]
}
