import Access
import Assistant
import Dispatch
import History
import Journal
import Foundation
import Rules
import TerminalCore
import Theming
import Widgets

/// Direct to Terminal as a `TerminalProgram`, the small runtime around the page features:
/// keys become page actions (or global ones), `update` returns effects, this store performs
/// them (database work on the worker, commands on the stack) and feeds results back as
/// actions tagged with their page. `view` only draws.
public struct D2TApp: TerminalProgram {
  var state = AppState()
  /// Steps waiting to be carried out, in order (`RuntimeQueue`).
  var queue = RuntimeQueue()
  var environment: RuleEnvironment
  var sources: RuleSources
  let worker: DatabaseWorker
  let registry: ComponentRegistry
  let pages: PageRegistry
  var theme: Theme
  /// Why nothing is written: `--read-only`, or what the database says (`mode=ro`, a standby).
  let readOnlyReason: String?
  var readOnly: Bool { readOnlyReason != nil }
  let title: String?
  let watcher: RuleWatcher?
  /// The global keys, with the configuration's overrides.
  let globalKeys: KeyMap<AppAction>
  /// The pages' keys as the configuration rebinds them.
  let keyRebinding: KeyRebinding
  /// Where the history is kept across sessions (nil: not kept, e.g. in tests).
  let historyStore: HistoryStore?
  /// Writes the history's file, one save after another (the last one wins), off the UI
  /// thread; `shutDown` waits for it.
  let historyWriter = JobThread(name: "d2t-history")
  /// Where the journal file goes when the `keepsJournal` rule is on.
  let journalDirectory: URL
  /// Failed logins per name across sessions (nil: counted in this session only).
  let loginThrottle: LoginThrottle?
  /// Where `y` and `Y` copy to (the terminal backend's clipboard).
  var clipboard: Clipboard?
  /// The time and the timers (`D2TConfiguration.scheduler`; a manual one in tests).
  let scheduler: any Scheduler
  /// Panes follow the database (off with `--no-follow`).
  let follows: Bool
  /// LISTEN on the `notifyChannels` (PostgreSQL).
  let listener: NotificationListener?
  /// Following a SQLite database: its file and `-wal`, watched themselves with inotify (no
  /// check while nobody writes); nil on a server, where panes check every `followInterval`.
  let dataWatcher: RuleWatcher?
  /// Writes the assistant's rules (nil: the session names no file for them).
  let assistantWriter: RuleFileWriter?
  /// A result of the worker has been taken in (the start's trace notes when it is drawn).
  private(set) var tookResults = false
  /// What the app was made from: it starts again from it when the check of a remembered
  /// catalog finds the schema changed (`D2TApp+Catalog`).
  let configuration: D2TConfiguration
  /// How the worker wakes the event loop (`setWake`).
  var wake: (@Sendable () -> Void)?

  /// Below this size d2t draws only a warning and page keys do nothing.
  public static var minimumScreenSize: Size { AppState.minimumSize }

  public init(_ configuration: D2TConfiguration) {
    self.configuration = configuration
    var sources = RuleSources(
      texts: configuration.ruleTexts, paths: configuration.ruleFiles, swiftRules: configuration.swiftRules,
      loader: RuleLoader(registry: configuration.keyRegistry))
    if let file = configuration.assistantRuleFile, !configuration.ruleFiles.contains(file) {
      sources.optionalPaths = [file]
    }
    assistantWriter = configuration.assistantRuleFile.map {
      RuleFileWriter(path: $0, header: configuration.assistantFileHeader, registry: configuration.keyRegistry)
    }
    // The watcher notes the files' times before they are read, so a change made while they
    // load (or before its thread runs) is not missed.
    let watched = configuration.ruleFiles + sources.optionalPaths
    let watcher = configuration.watchesRuleFiles && !watched.isEmpty ? RuleWatcher(paths: watched) : nil
    self.watcher = watcher
    let diagnostics = sources.load()
    StartupTrace.shared.mark("rules read")
    environment = RuleEnvironment(
      rules: sources.model, model: configuration.database.model, user: nil, debug: configuration.debug)
    self.sources = sources
    scheduler = configuration.scheduler
    worker = DatabaseWorker(
      database: configuration.database,
      countDatabase: configuration.countDatabaseOpening
        ?? PendingDatabase(configuration.countDatabase ?? configuration.database),
      scheduler: configuration.scheduler)
    registry = configuration.components
    pages = configuration.pages
    theme = configuration.theme
    readOnlyReason =
      configuration.readOnly ? "--read-only" : configuration.database.readOnlyReason
    title = configuration.title
    globalKeys = AppKeys.global(overriding: configuration.keyOverrides)
    keyRebinding = KeyRebinding(pages: configuration.pageKeyOverrides, globalOverrides: configuration.keyOverrides)
    // Every text field of the process edits with these keys; set only when rebound, so an
    // app made with the defaults leaves another's choice alone.
    if configuration.pageKeyOverrides["text"]?.isEmpty == false { TextKeys.configure(keyRebinding.textKeys) }
    historyStore =
      configuration.keepsHistory
      ? HistoryStore(connectionID: configuration.database.adaptor.connectionID) : nil
    if let historyStore { state.history = historyStore.load() }
    StartupTrace.shared.mark("history read")
    journalDirectory = configuration.journalDirectory
    loginThrottle = configuration.loginThrottleFile.map(LoginThrottle.init)
    follows = configuration.followsData
    let files = (configuration.database.adaptor as? any FileAdaptor)?.databaseFiles ?? []
    let dataWatcher = follows && !files.isEmpty ? RuleWatcher(watchingFiles: files) : nil
    self.dataWatcher = dataWatcher?.isWatching == true ? dataWatcher : nil
    let channels =
      configuration.followsData && configuration.database.dialect == .postgresql
      ? environment.context(task: .query).strings("notifyChannels") ?? [] : []
    let mailbox = worker
    listener = NotificationListener(
      adaptor: configuration.database.adaptor, model: configuration.database.model, channels: channels
    ) { mailbox.post(.notified($0)) }
    state.lastInput = scheduler.now
    let inbox = worker
    watcher?.start { inbox.post(.rulesChanged) }
    state.debug.isShown = configuration.debug || environment.context(task: .query).bool("debug")
    ruleWriting(.fileChanged)
    if environment.context(task: .query).bool("keepsJournal") {
      // A kept journal goes on where the last session left it: `J` lists it, `u` undoes.
      let store = JournalStore(connectionID: configuration.database.adaptor.connectionID, directory: journalDirectory)
      state.undo.journal.restore(store.load(), model: configuration.database.model)
    }
    showDiagnostics(diagnostics)
    awaitRememberedCatalog()
    if !configuration.readOnly, let reason = configuration.database.readOnlyReason {
      post(.banner(.notice, "Read-only: \(reason); nothing can be edited"))
    }
    openFirstPage()
    StartupTrace.shared.mark("first page")
  }

  /// Shows a notice in the banner (theme fallbacks, warnings of the caller).
  public mutating func notice(_ message: String) {
    post(.banner(.notice, message))
  }

  /// Gives the app the backend's clipboard for `y`/`Y`.
  public mutating func setClipboard(_ backend: any TerminalBackend) {
    clipboard = Clipboard(backend: backend)
  }

  /// Lets the worker wake the event loop when a result arrives; starts following: on a
  /// SQLite file when its files are written, on a server every `followInterval`.
  public mutating func setWake(_ wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    worker.setWake(wake)
    guard follows else { return }
    if let dataWatcher {
      let inbox = worker
      dataWatcher.start { inbox.post(.filesChanged) }
    } else {
      worker.post(after: Self.followInterval, .follow)
    }
  }

  /// The first frame is on screen: what it did not need begins — the counts' connection
  /// and the check of a remembered catalog (the runner calls this once).
  public mutating func firstFrameDrawn() {
    worker.beginCountConnection()
    if state.catalogCheck == .pending { checkRememberedCatalog() }
  }

  /// How often visible panes on a server check whether their rows changed.
  static let followInterval = Duration.seconds(1)
  /// What `d2t` keeps of the SQL log in memory: the app reads new entries after each batch
  /// of results and keeps the last `recentSQLCount` that are not follow checks for the
  /// debug overlay, so the log need only hold the statements of one batch.
  public static let sqlLogCapacity = 32
  /// The statements the debug overlay shows.
  static let recentSQLCount = 8
  /// After a SQLite file is written: the check, and one more for a commit still settling
  /// (its last write may come before the commit shows to other connections).
  static let fileCheckDelays = (first: Duration.milliseconds(30), trailing: Duration.milliseconds(300))
  /// No checks after this long without a key or a click.
  static let followIdleLimit = Duration.seconds(300)

  /// Asks each visible page whether what it shows changed in the database (each sends at
  /// most one small query), unless following is off (`followsData`, `--no-follow`) or the
  /// user has been away for long. On a server the follow timer calls it every second, and
  /// stops once the user is away, until the next key.
  public mutating func follow() {
    guard follows, environment.context(task: .query).bool("followsData", true),
      scheduler.now - state.lastInput < Self.followIdleLimit, state.dialog == nil
    else { return }
    for id in visiblePageIDs { send(.follow, to: id) }
  }

  /// The pages that have a pane on screen now.
  var visiblePageIDs: [PageID] {
    let content = contentArea(in: Rect(x: 0, y: 0, width: state.screenSize.width, height: state.screenSize.height))
    return paneRects(in: content).map(\.0).filter(state.stack.indices.contains).map { state.stack[$0].id }
  }

  /// Waits for queued database work, then takes in its results, until nothing is left
  /// (headless runs, tests).
  public mutating func settle() {
    for _ in 0..<200 {
      _ = worker.waitUntilIdle()
      guard absorbResults() else { return }
    }
  }

  /// How long the loop may wait for input before it should call `tick()`: short while a
  /// spinner turns.
  public var idleTimeout: Duration? {
    let session = session()
    return state.stack.contains { describe($0, in: session)?.isLoading == true } ? .milliseconds(100) : nil
  }

  /// A page asked to quit (e.g. `q` → Save once the save succeeded).
  public var wantsToQuit: Bool { state.quitRequested }

  /// Work that happens without input: results arrived, spinners turn. True when the
  /// screen may have changed (a result arrived or a spinner turns), false when a redraw
  /// would show the same frame.
  @discardableResult
  public mutating func tick() -> Bool {
    state.tick += 1
    let before = state
    // A result that changed nothing (a follow check that found nothing new) draws no frame.
    let changed = absorbResults() && state != before
    return changed || idleTimeout != nil
  }

  /// Prepares the next frame: the screen's size (pages learn their new areas) and the time
  /// the frame shows, so `view` reads no clock.
  public mutating func setScreenSize(_ size: Size) {
    state.frameTime = scheduler.now
    state.frameDate = Date()
    guard size != state.screenSize || state.viewports.isEmpty else { return }
    state.screenSize = size
    syncLayout()
  }

  /// Stops background threads and cancels running statements (at exit).
  public func shutDown() {
    watcher?.stop()
    dataWatcher?.stop()
    listener?.stop()
    worker.cancelAll()
    if historyStore != nil { historyWriter.waitUntilDone(timeout: .seconds(1)) }
  }

  // MARK: - TerminalProgram

  public mutating func update(_ event: InputEvent) -> ProgramStep {
    _ = absorbResults()
    if holds(event) { return state.quitRequested ? .quit : .continue }
    state.lastInput = scheduler.now
    if state.followPaused {
      state.followPaused = false
      worker.post(after: .zero, .follow)
    }
    state.statusNote = nil
    switch event {
    case .key(let key):
      handle(key)
    case .paste(let text):
      paste(text)
    case .mouse(let mouse):
      handle(mouse)
    case .resize:
      break
    }
    syncLayout()
    return state.quitRequested ? .quit : .continue
  }

  // MARK: - Dispatch

  /// The session pages see in this step (the time read now).
  func session() -> Session {
    session(at: scheduler.now, date: Date())
  }

  /// The session at a given time (`view` uses the frame's).
  func session(at now: ContinuousClock.Instant, date: Date) -> Session {
    var rules = environment
    rules.user = state.user.flatMap { user in
      environment.model[entity: user.entityName].map { RecordObject(entity: $0, row: user.row) }
    }
    var session = Session(
      rules: rules, registry: registry, theme: theme, readOnly: readOnly,
      readOnlyReason: readOnlyReason ?? "--read-only", databaseTitle: databaseTitle,
      dialect: worker.database.dialect, now: now, date: date)
    session.user = state.user
    session.databaseRole = state.databaseRole
    session.databaseRoleEscape = state.databaseRoleEscape
    session.loginThrottle = loginThrottle
    session.assistantFile = assistantWriter.map {
      AssistantFile(path: $0.path, rules: state.ruleWriting.fileRules, writtenLines: state.ruleWriting.writtenLines)
    }
    session.history = state.history
    session.journal = state.undo.journal
    session.followsData = follows && environment.context(task: .query).bool("followsData", true)
    return session
  }

  func driver(for page: PageInstance) -> (any PageDriving)? {
    pages.driver(named: page.pageName)
  }

  /// What the page says of itself now (`PageFeature.describe`); callers asking of several
  /// pages build the session once.
  func describe(_ page: PageInstance, in session: Session? = nil) -> PageDescription? {
    driver(for: page)?.describe(page.state, in: session ?? self.session())
  }

  /// Queues a page's action and carries out the queue (unless it is being carried out:
  /// then the action runs right after the step that sent it).
  mutating func dispatch(_ action: AnyPageAction, to id: PageID) {
    queue.enqueue(.action(action, to: id))
    drain()
  }

  /// Sends a message to a page (if it takes it), through the queue.
  mutating func send(_ message: PageMessage, to id: PageID) {
    queue.enqueue(.message(message, to: id))
    drain()
  }

  /// Queues a command of the app's own (a banner, a journal step…), through the queue.
  mutating func post(_ command: AppCommand) {
    queue.enqueue(.command(command, from: nil))
    drain()
  }

  /// Carries out the queue until it is empty: each step in turn, the steps it produces
  /// before those that waited already (`RuntimeQueue`).
  mutating func drain() {
    guard !queue.isDraining else { return }
    queue.begin()
    defer { queue.end() }
    while let step = queue.next() {
      switch step {
      case .action(let action, let id): apply(action, to: id)
      case .message(let message, let id):
        guard let page = state.stack.first(where: { $0.id == id }), let driver = driver(for: page),
          let action = driver.action(for: message)
        else { continue }
        apply(action, to: id)
      case .command(let command, let from): perform(command, from: from)
      case .confirm(let dialog, let owner):
        guard state.index(of: owner) != nil else { continue }
        state.dialog = dialog
        state.dialogOwner = owner
        state.dialogFocus = dialog.defaultButton
      }
    }
  }

  /// Runs a page's action through its `update` and queues the effects (a page that has
  /// gone takes nothing).
  private mutating func apply(_ action: AnyPageAction, to id: PageID) {
    guard let index = state.index(of: id), let driver = driver(for: state.stack[index]) else { return }
    let session = session()
    var pageState = state.stack[index].state
    state.stack[index].state = AnyPageState(PageStateHole())
    let effect = driver.update(&pageState, action, in: session)
    state.stack[index].state = pageState
    if let crumb = driver.describe(pageState, in: session).crumb { state.stack[index].crumb = crumb }
    run(effect, for: id)
  }

  /// Starts an effect's database work and timers at once; its commands, sends and
  /// questions go in the queue, in order.
  mutating func run(_ effect: Effect<AnyPageAction>, for id: PageID) {
    for item in effect.items {
      switch item {
      case .work(let work, let lane, let reply):
        worker.submit(work, lane: lane, page: id) { .page(id, reply($0)) }
      case .cancel(let lane):
        worker.cancel(lane, page: id)
      case .command(let command):
        queue.enqueue(.command(command, from: id))
      case .send(let action):
        queue.enqueue(.action(action, to: id))
      case .after(let delay, let action):
        worker.post(after: delay, .page(id, action))
      case .confirm(let dialog):
        queue.enqueue(.confirm(dialog, owner: id))
      }
    }
    drain()
  }

  // MARK: - Results

  /// Takes in finished work; true when anything arrived.
  mutating func absorbResults() -> Bool {
    let messages = worker.drain()
    if !messages.isEmpty { tookResults = true }
    for message in messages {
      switch message {
      case .page(let id, let action): dispatch(action, to: id)
      case .journalStepped(let step, let result): undo(.stepped(step, result))
      case .roleTaken(let role, let lane, let result): roleTaken(role, lane: lane, result)
      case .rulesChanged: reloadRules()
      case .notified:
        guard follows else { break }
        for id in visiblePageIDs { send(.changedElsewhere, to: id) }
      case .follow:
        follow()
        guard dataWatcher != nil else {
          // Away: no timer either, until the next key (a check would not run anyway).
          if scheduler.now - state.lastInput >= Self.followIdleLimit {
            state.followPaused = true
          } else {
            worker.post(after: Self.followInterval, .follow)
          }
          break
        }
        state.fileCheck.queued = state.fileCheck.trailing
        if state.fileCheck.trailing { worker.post(after: Self.fileCheckDelays.trailing, .follow) }
        state.fileCheck.trailing = false
      case .filesChanged:
        guard !state.fileCheck.queued else { break }
        state.fileCheck = AppState.FileCheck(queued: true, trailing: true)
        worker.post(after: Self.fileCheckDelays.first, .follow)
      case .connection(let event): connectionChanged(event)
      case .catalogChecked(let result): catalogChecked(result)
      }
    }
    if !messages.isEmpty { replayPendingKeys() }
    let (fresh, recorded) = worker.database.log.entries(after: state.sqlEntriesSeen.count)
    if recorded != state.sqlEntriesSeen.count {
      state.sqlEntriesSeen.count = recorded
      let shown = fresh.filter { !Database.isChangeProbe($0.sql) }
      if !shown.isEmpty { state.recentSQL = Array((state.recentSQL + shown).suffix(Self.recentSQLCount)) }
    }
    if !messages.isEmpty { settleCatalogCheck() }
    return !messages.isEmpty
  }

  /// The content size of each visible page, sent to pages whose size changed.
  mutating func syncLayout() {
    let content = contentArea(in: Rect(x: 0, y: 0, width: state.screenSize.width, height: state.screenSize.height))
    for (index, rect) in paneRects(in: content) {
      let size = Size(width: max(0, rect.width - 2), height: max(0, rect.height - 2))
      let id = state.stack[index].id
      if state.viewports[id] != size {
        state.viewports[id] = size
        send(.resized(size), to: id)
      }
    }
  }

  /// The connection broke: the status bar says "reconnecting…" and every open page and
  /// edit stays as it is. It is back: pages reload.
  mutating func connectionChanged(_ event: ConnectionEvent) {
    switch event {
    case .lost:
      state.reconnecting = true
    case .restored:
      state.reconnecting = false
      if state.catalogCheck == .awaitingConnection { checkRememberedCatalog() }
      // A success already shown (a save sent again by itself, a pass before this one) stays:
      // the status bar no longer saying reconnecting… tells the rest.
      if state.banner?.kind != .success { post(.banner(.success, "Reconnected to " + connectionTitle)) }
      for page in state.stack { send(.dataChanged, to: page.id) }
    }
  }

  // MARK: - Rules

  mutating func reloadRules(force: Bool = false) {
    state.ruleReloads += 1
    let diagnostics = sources.load()
    environment.rules = sources.model
    ruleWriting(.fileChanged)
    if environment.context(task: .query).bool("debug") { state.debug.isShown = true }
    closePagesOfHiddenEntities()
    for page in state.stack { send(.rulesChanged, to: page.id) }
    if diagnostics.contains(where: { $0.severity == .error }) {
      showDiagnostics(diagnostics)
    } else if showNameWarnings() {
      return
    } else if force {
      post(.banner(.success, "Rules reloaded (\(sources.paths.count) file(s))"))
    } else {
      post(.dismissBanner(kind: .error))
    }
  }

  /// Pages open on an entity the new rules hide from the user close, with those above them.
  mutating func closePagesOfHiddenEntities() {
    let session = session()
    // The first page (the entity list) stays: it drops hidden entities itself.
    guard
      let index = state.stack.indices.dropFirst().first(where: { index in
        session.entity(named: describe(state.stack[index], in: session)?.entityName).map(session.isHidden) ?? false
      })
    else { return }
    closePages(above: index - 1)
  }

  /// Errors keep the last good rules and say where; without errors, names the rules use
  /// that the database or the registries do not know are shown as a warning.
  mutating func showDiagnostics(_ diagnostics: [RuleDiagnostic]) {
    let errors = diagnostics.filter { $0.severity == .error }
    guard let first = errors.first else {
      showNameWarnings()
      return
    }
    var message = first.summary
    if errors.count > 1 { message += " (and \(errors.count - 1) more)" }
    post(.banner(.error, message + " — keeping the last good rules"))
  }

  /// A rule naming a property, entity, component, page or formatter nobody knows (a typo
  /// like `fakeKey`) or a key d2t does not read: the first in a warning banner, the rest
  /// counted. True when there was one.
  @discardableResult
  mutating func showNameWarnings() -> Bool {
    var names = DefaultRules.names
    names[.component, default: []].formUnion(registry.componentNames)
    names[.formatter, default: []].formUnion(registry.formatterNames)
    names[.page, default: []].formUnion(pages.names)
    let checker = RuleChecker(registry: sources.loader.registry, names: names, model: ModelNames(environment.model))
    let found = checker.unknownNames(sources.files)
    guard let first = found.first else { return false }
    let more = found.count > 1 ? " (and \(found.count - 1) more: d2t rules check lists them)" : ""
    post(.banner(.warning, "\(first.file):\(first.line):\(first.column): \(first.message)" + more))
    return true
  }

  /// Where the connection is, without the adaptor's name: `postgres@127.0.0.1:5433/shop`.
  var connectionTitle: String {
    let name = worker.database.displayName
    return name.firstIndex(of: " ").map { String(name[name.index(after: $0)...]) } ?? name
  }

  /// The first breadcrumb: the configured title, a SQLite file's name, or `db@host`.
  var databaseTitle: String {
    if let title { return title }
    let name = worker.database.displayName
    if name.hasPrefix("SQLite ") { return (name.dropFirst(7) as NSString).lastPathComponent }
    return name.firstIndex(of: " ").map { String(name[name.index(after: $0)...]) } ?? name
  }
}
