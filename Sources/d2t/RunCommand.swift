import Access
import Assistant
import Config
import BundledThemes
import ArgumentParser
import DirectToTerminal
import Foundation
import History
import PostgreSQLAdaptor
import NcursesBackend
import Rules
import Sakila
import TerminalCore
import Theming

/// `d2t [DATABASE] [--rules FILE]… [--theme NAME] [--read-only] [--debug]`: the app.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open a database (the default command; without DATABASE, the DVD Rental demo)."
  )

  @Argument(
    help:
      "A connection named in config.toml, a postgres:// or mysql:// (mariadb://) URL, a libpq keyword string, a database name, or a SQLite file. Default: the demo.",
    completion: .custom { _, _, _ in Completions.connections() })
  var database: String?

  @Option(
    name: .customLong("rules"),
    help:
      "A rule file (repeatable), loaded above the defaults (on the demo, after its own rules); the assistant (A) writes to the last one.",
    completion: .file(extensions: ["rules"]))
  var ruleFiles: [String] = []

  @Option(
    help: ArgumentHelp(
      "A theme: default, light, high-contrast, terminal, mono, one in the config themes folder, or a .theme file.",
      valueName: "theme"), completion: .custom { _, _, _ in Completions.themes() })
  var theme: String?

  @Flag(help: "Write nothing: editing, inserting and deleting are off.")
  var readOnly = false

  @Flag(name: .customLong("no-follow"), help: "Panes do not follow rows other clients change.")
  var noFollow = false

  @Flag(help: "Start with the debug overlay open.")
  var debug = false

  @Flag(help: "Run without a terminal and print the final screen as text.")
  var headless = false

  @Option(help: "The headless screen size, WIDTHxHEIGHT.")
  var size = "120x40"

  @Option(help: "Headless keys: tmux send-keys names (Enter, Escape, Tab, Down, C-x, F5…), sleep:MS, or text.")
  var keys = ""

  func validate() throws {
    if headless, let problem = Self.sizeProblem(size) { throw ValidationError(problem) }
  }

  /// Why `--size` is not usable: not WIDTHxHEIGHT, below the minimum d2t draws, or above
  /// the maximum; nil when it is fine.
  static func sizeProblem(_ size: String) -> String? {
    let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      return "--size must be WIDTHxHEIGHT, e.g. 120x40"
    }
    let minimum = D2TApp.minimumScreenSize
    if width < minimum.width || height < minimum.height {
      return "--size \(width)x\(height) is below the minimum of \(minimum.width)x\(minimum.height)"
    }
    if width > 1000 || height > 500 {
      return "--size \(width)x\(height) is above the maximum of 1000x500"
    }
    return nil
  }

  var parsedSize: Size? {
    guard Self.sizeProblem(size) == nil else { return nil }
    let parts = size.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
    return Size(width: width, height: height)
  }

  func run() throws {
    // The built-in rules are parsed on the second core while this one sets up the terminal
    // and the connection (the first page needs them; 1–2 ms of every start).
    Thread.detachNewThread { _ = DefaultRules.rules }
    let trace = StartupTrace.shared
    defer { CatalogCache.finishWriting() }
    defer {
      if let destination = StartupTrace.Destination(environment: ProcessInfo.processInfo.environment) {
        trace.write(to: destination)
      }
    }
    // The app shows the last statements (the debug overlay takes 8 of the last 128); the
    // log file, when one is asked for, keeps them all.
    let log = SQLLog(capacity: D2TApp.sqlLogCapacity)
    // A URL or a file is no configured connection's name: it is opened while the settings
    // are read and the terminal is set up (a server's connection is most of the start).
    // A server's catalog memory is made first, on this thread, and its file read from then
    // on, for the first screen's preview as for the connection. A plain URL is named without
    // libpq (`PlainConnectionURL`); anything else loads it here, which the connection needs
    // anyway. (Made on the connection's thread and handed over, the first screen came 2–20
    // ms later in bench-peers runs side by side.)
    let unnamed = database.flatMap(DatabaseArgument.unnamed)
    let earlyMemory = unnamed.flatMap { Self.catalogMemory(for: $0) }
    let early = unnamed.map {
      trace.mark("connecting")
      return ConnectionAttempt(
        Self.opener($0, password: nil, readOnly: self.readOnly, log: log, memory: earlyMemory))
    }
    let settings = Settings.load()
    trace.mark("settings")
    // Cancels sent on the way out (quitting during a load) go out before the process ends,
    // after the terminal is restored; a server that does not answer holds it a second at most.
    defer { CancelRequests.waitUntilSent(timeout: .seconds(1)) }
    var backend: CursesBackend?
    defer { backend?.close() }
    // One terminal draws every screen of the session (picker, connecting, password, app):
    // each frame sends only what changed on the screen.
    var terminal: Terminal?
    var database = database
    if !headless {
      // Ctrl-C is a key of the app (it cancels, or quits as `q` does, asking first about
      // unsaved input), not the end of the process.
      let opened = try CursesBackend(options: .init(interruptIsKey: true))
      backend = opened
      terminal = Terminal(backend: opened)
      trace.mark("terminal")
      if database == nil, !settings.config.connections.isEmpty, let terminal {
        let themeSelection = Self.selectTheme(
          theme ?? settings.config.theme, depth: opened.colorDepth, settings: settings)
        var picker = ConnectionPicker(
          config: settings.config, recent: RecentConnections.load(), theme: themeSelection.theme)
        try picker.run(on: terminal)
        guard let chosen = picker.chosen else { return }
        database = chosen.target
      }
    }
    let named = database.flatMap { settings.config.connection(named: $0) }
    let target =
      try named.map { try DatabaseArgument($0.url) }
      ?? database.map(DatabaseArgument.init) ?? .sqlite(path: try SakilaDemo.databasePath())
    var rules: [String] = []
    var ruleTexts: [RuleFile] = []
    // The demo's own rules come first; `--rules` files add to them (and win ties by order).
    if database == nil {
      (rules, ruleTexts) = Resources.demoRules()
    }
    let databaseName =
      database == nil ? "demo" : AssistantRuleFile.databaseName(displayName: target.adaptor().displayName)
    let connection = database == nil ? nil : target.adaptor().connectionID
    let given = (named?.rules ?? []) + ruleFiles
    rules += settings.ruleFiles(excluding: rules + given, database: databaseName, connection: connection)
    rules += given.filter { !rules.contains($0) }
    if named?.keepsJournal == true {
      ruleTexts.append(RuleFile(name: settings.path, text: "keepsJournal <= true"))
    }
    if let task = named?.firstTask {
      ruleTexts.append(
        RuleFile(name: settings.path, text: "firstTask <= '\(task.replacingOccurrences(of: "'", with: "\\'"))'"))
    }
    let readOnly = readOnly || (named?.readOnly ?? false)
    let themeName = theme ?? named?.theme ?? settings.config.theme
    for path in rules where !FileManager.default.fileExists(atPath: path) {
      throw ValidationError("rule file not found: \(path)")
    }
    let assistant = Self.assistantFile(
      ruleFiles: ruleFiles, connectionRules: named?.rules ?? [], database: databaseName, connection: connection)
    let password = try named.map(DatabaseTarget.init)?.password
    if named != nil { early?.discard() }
    // What the app needs and the database does not decide is made while it connects.
    let themeSelection = Self.selectTheme(themeName, depth: backend?.colorDepth ?? .trueColor, settings: settings)
    let registries = (pages: PageRegistry.standard, components: ComponentRegistry.standard)
    let title = database == nil ? "DVD Rental" : nil
    // The app's configuration on `db`, with the warning its banner opens with.
    func appConfiguration(_ db: Database, _ counter: PendingDatabase?) -> (D2TConfiguration, String?) {
      var (config, warnings) = configuration(
        db, counter, rules: rules, theme: themeSelection, registries: registries, readOnly: readOnly,
        settings: settings, title: title)
      config.ruleTexts = ruleTexts
      (config.assistantRuleFile, config.assistantFileHeader) = assistant
      return (config, (settings.problems + warnings).first)
    }
    // A server whose catalog an earlier start remembered shows its first screen from it
    // while the connection opens (`drawPreview`); keys wait for the connection.
    var previewed = false
    if named == nil, let terminal, let backend, let earlyMemory, let catalog = earlyMemory.recall() {
      let (config, notice) = appConfiguration(.unconnected(target.adaptor(readOnly: readOnly), catalog: catalog), nil)
      Self.drawPreview(config, notice: notice, on: terminal, size: backend.size)
      previewed = true
    }
    let (db, counter, typedAhead) = try connect(
      target, password: password, readOnly: readOnly, log: log, backend: backend, terminal: terminal,
      theme: themeSelection.theme,
      started: named == nil ? early : nil, previewed: previewed)
    let (config, notice) = appConfiguration(db, counter)
    if headless {
      var app = D2TApp(config)
      defer { app.shutDown() }
      if let notice { app.notice(notice) }
      let buffer = D2TRunner.headless(
        &app, size: parsedSize ?? Size(width: 120, height: 40),
        script: D2TRunner.script(keys))
      if let database { RecentConnections.record(database) }
      let ascii = !AsciiFallback.localeIsUTF8(ProcessInfo.processInfo.environment)
      print(buffer.lines.map { (ascii ? AsciiFallback.text($0) : $0).trimmingTrailingSpaces() }.joined(separator: "\n"))
      return
    }
    guard let backend, let terminal else { return }
    var app = D2TApp(config)
    trace.mark("app")
    if let notice { app.notice(notice) }
    let wake = backend.wakeHandle
    // What the first screen does not show waits for it.
    try D2TRunner.run(&app, on: terminal, wake: { wake.wake() }, typedAhead: typedAhead) {
      if let database { RecentConnections.record(database) }
      trace.mark("recent connections")
    }
  }

  /// The file the assistant (`A`) writes: the `--rules` file given last, else the named
  /// connection's last rule file, else `$XDG_CONFIG_HOME/d2t/rules/DATABASE-HASH.rules` for
  /// this connection (`DATABASE.rules` for the demo), with a header line naming the
  /// connection, so that only it loads the file.
  static func assistantFile(
    ruleFiles: [String], connectionRules: [String], database: String, connection: String?
  )
    -> (path: String, header: String?)
  {
    if let last = ruleFiles.last { return (last, nil) }
    if let last = connectionRules.last { return (last, nil) }
    let folder = (Resources.configDirectory as NSString).appendingPathComponent("rules")
    guard let connection else {
      return (
        AssistantRuleFile.path(rulesDirectory: folder, database: database), AssistantSection.header(database: database)
      )
    }
    return (
      AssistantRuleFile.path(rulesDirectory: folder, database: database, connection: connection),
      AssistantSection.header(database: connection)
    )
  }

  /// The theme `name` names (or the default), for a terminal of `depth`, from the bundled
  /// themes, the user's and the settings' theme folders.
  static func selectTheme(_ name: String?, depth: ColorDepth, settings: Settings) -> ThemeLoader.Selection {
    ThemeLoader(
      directories: Resources.themeDirectories + settings.config.themeDirectories, embedded: BundledThemes.files
    )
    .select(name: name, depth: depth, environment: ProcessInfo.processInfo.environment)
  }

  /// Opens `target` and a second, read-only connection for counts. A server's catalog is
  /// remembered between starts (`CatalogCache`): a start that recalls it draws its first
  /// screen without reading the catalog first, and checks it right after.
  static func opener(
    _ target: DatabaseArgument, password: String?, readOnly: Bool, log: SQLLog, memory: CatalogCache?
  ) -> @Sendable () throws -> (Database, PendingDatabase) {
    {
      let trace = StartupTrace.shared
      let adaptor = target.adaptor(readOnly: readOnly, log: log, password: password)
      return try Database.opening(
        adaptor, withSecond: target.adaptor(readOnly: true, log: log, password: password, scansOnly: true),
        memory: memory
      ) { trace.mark($0) }
    }
  }

  /// Where a server's catalog is kept between starts (`CatalogCache`, read from now on, on
  /// another thread); nil for a SQLite file, whose catalog is read at once.
  static func catalogMemory(for target: DatabaseArgument) -> CatalogCache? {
    target.isServer ? CatalogCache(connectionID: target.adaptor().connectionID) : nil
  }

  /// Opens the database and begins a second connection for counts (`started`: the attempt begun
  /// before the terminal, with no password). On a terminal, a server is reached on a
  /// background thread under "Connecting to host:port/db…", which Esc or Ctrl-C gives up;
  /// when it asks for a password none was given for, the terminal asks for one without
  /// echo (three tries, as `psql` and `sudo` allow). Returns the input typed while
  /// connecting too, for the app.
  func connect(
    _ target: DatabaseArgument, password: String?, readOnly: Bool, log: SQLLog, backend: CursesBackend?,
    terminal: Terminal?, theme: Theme, started: ConnectionAttempt? = nil, previewed: Bool = false
  ) throws -> (Database, PendingDatabase, [InputEvent]) {
    func opener(_ password: String?) -> @Sendable () throws -> (Database, PendingDatabase) {
      Self.opener(target, password: password, readOnly: readOnly, log: log, memory: Self.catalogMemory(for: target))
    }
    var started = password == nil ? started : nil
    guard let backend, let terminal, target.isServer else {
      let (database, counter) = try started?.wait() ?? opener(password)()
      return (database, counter, [])
    }
    let label: String
    if case .postgres(let connection) = target {
      label = PostgreSQLAdaptor.target(of: connection)
    } else {
      label = target.adaptor().displayName
    }
    let wake = backend.wakeHandle
    var password = password
    var typedTries = 0
    // What was typed after the password's Enter, in the same burst: the app's.
    var typedAfterPrompt: [InputEvent] = []
    while true {
      do {
        let attempt = started ?? ConnectionAttempt(opener(password))
        started = nil
        // Each attempt keeps only what was typed during it and after the password's Enter:
        // keys typed before a password prompt (a password typed early) never reach the app.
        var screen = ConnectingScreen(target: label, theme: theme)
        screen.typedAhead = typedAfterPrompt
        screen.isOverPreview = previewed && typedTries == 0
        let (database, counter) = try screen.run(on: terminal, wake: { wake.wake() }, attempt: attempt)
        return (database, counter, screen.typedAhead)
      } catch let error as DatabaseError
        where error.kind == .authentication && typedTries < 3 && (error.needsPassword || typedTries > 0)
      {
        var prompt = PasswordPrompt(
          target: target.adaptor().displayName, problem: typedTries > 0 ? error.message : nil, theme: theme)
        typedAfterPrompt = try prompt.run(on: terminal)
        guard let typed = prompt.entered else { throw ConnectingScreen.GaveUp(target: label) }
        password = typed
        typedTries += 1
      }
    }
  }

  func configuration(
    _ db: Database, _ counter: PendingDatabase?, rules: [String], theme selection: ThemeLoader.Selection,
    registries: (pages: PageRegistry, components: ComponentRegistry), readOnly: Bool, settings: Settings,
    title: String?
  ) -> (D2TConfiguration, [String]) {
    var config = D2TConfiguration(
      database: db, ruleFiles: rules, components: registries.components,
      pages: registries.pages, theme: selection.theme, debug: debug, readOnly: readOnly, title: title)
    config.countDatabaseOpening = counter
    config.keyOverrides = settings.keyOverrides
    config.pageKeyOverrides = settings.pageKeyOverrides
    config.keepsHistory = true
    config.loginThrottleFile = StateDirectory.url("logins").appendingPathComponent("failures.json")
    config.followsData = !noFollow
    return (config, selection.warnings)
  }
}
