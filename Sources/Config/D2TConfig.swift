/// What `$XDG_CONFIG_HOME/d2t/config.toml` says: named connections, the default theme, key
/// overrides and extra rule and theme directories.
///
///     theme = "light"
///     rule_directories = ["~/d2t/rules"]
///
///     [keys]
///     quit = ["q", "C-q"]
///
///     [keys.list]
///     new = "c"
///
///     [connections.shop]
///     url = "postgres://me@db.example/shop"
///     rules = ["~/shop.rules"]
///     theme = "high-contrast"
///     read_only = true
///     first_task = "login"
public struct D2TConfig: Hashable, Sendable {
  /// A connection by name: `d2t shop`.
  public struct Connection: Hashable, Sendable {
    public var name: String
    /// A URL, a libpq keyword string or a SQLite file.
    public var url: String
    public var rules: [String] = []
    public var theme: String?
    public var readOnly = false
    /// The task shown first (`firstTask`), e.g. `login`.
    public var firstTask: String?
    /// Keep the change journal across sessions (`keepsJournal`).
    public var keepsJournal = false
    /// A shell command whose first line of output is the password (`pass show db/prod`),
    /// run when the connection opens; the password is never stored.
    public var passwordCommand: String?

    public init(name: String, url: String) {
      self.name = name
      self.url = url
    }
  }

  /// Connections in the order the file lists them.
  public var connections: [Connection] = []
  /// The theme when no `--theme` or connection theme is given.
  public var theme: String?
  /// Action name → key names (`quit = ["q", "C-q"]`), checked for conflicts at load.
  public var keys: [String: [String]] = [:]
  /// Page section → binding name → key names (`[keys.list] new = "c"`); the app checks the
  /// names against its pages.
  public var pageKeys: [String: [String: [String]]] = [:]
  /// Rule files in these directories (`*.rules`) load for every connection.
  public var ruleDirectories: [String] = []
  /// Themes are looked up in these directories too.
  public var themeDirectories: [String] = []

  public init() {}

  public func connection(named name: String) -> Connection? {
    connections.first { $0.name == name }
  }
}

/// A problem in the config file, with where it is.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
