import Access
import Foundation
import Qualifiers
import Rules
import TerminalCore
import Theming
import Widgets

/// Direct to Terminal as a `TerminalProgram`: keys become actions, actions change the
/// state and queue database work, results come back through the worker's inbox, and
/// `view` draws the state through the rules.
public struct D2TApp: TerminalProgram {
  var state = AppState()
  var environment: RuleEnvironment
  var sources: RuleSources
  let worker: DatabaseWorker
  let registry: ComponentRegistry
  var theme: Theme
  let readOnly: Bool
  let title: String?
  let clock = ContinuousClock()

  public init(_ configuration: D2TConfiguration) {
    var sources = RuleSources(
      paths: configuration.ruleFiles, swiftRules: configuration.swiftRules,
      loader: RuleLoader(registry: configuration.keyRegistry))
    let diagnostics = sources.load()
    environment = RuleEnvironment(
      rules: sources.model, model: configuration.database.model, user: nil,
      debug: configuration.debug)
    self.sources = sources
    worker = DatabaseWorker(
      database: configuration.database,
      countDatabase: configuration.countDatabase ?? configuration.database)
    registry = configuration.components
    theme = configuration.theme
    readOnly = configuration.readOnly
    title = configuration.title
    state.showsDebug = configuration.debug || environment.context(task: "query").bool("debug")
    showDiagnostics(diagnostics)
    openFirstPage()
  }

  /// Shows a notice in the banner (theme fallbacks, warnings of the caller).
  public mutating func notice(_ message: String) {
    state.banner = (.notice, message)
  }

  /// Lets the worker wake the event loop when a result arrives.
  public func setWake(_ wake: @escaping @Sendable () -> Void) {
    worker.setWake(wake)
  }

  /// Waits for queued database work, then takes in its results (headless runs, tests).
  public mutating func settle() {
    for _ in 0..<20 {
      _ = worker.waitUntilIdle()
      guard absorbResults() else { return }
    }
  }

  /// How long the loop may wait for input before it should call `tick()`: short while a
  /// spinner turns, a second otherwise (for rule-file changes).
  public var idleTimeout: Duration {
    hasLoadingPage ? .milliseconds(100) : .seconds(1)
  }

  /// Work that happens without input: results, spinners, rule files changed on disk.
  public mutating func tick() {
    state.tick += 1
    _ = absorbResults()
    if !sources.paths.isEmpty && sources.hasChanges { reloadRules() }
  }

  // MARK: - TerminalProgram

  public mutating func update(_ event: InputEvent) -> ProgramStep {
    _ = absorbResults()
    switch event {
    case .key(let key):
      handle(key)
    case .paste(let text):
      if state.focusedPage.flatMap(\.queryInput) != nil {
        editInput { $0.field.paste(text.replacingNewlines()) }
      }
    case .mouse(let mouse):
      handle(mouse)
    case .resize:
      break
    }
    return state.quitRequested ? .quit : .continue
  }

  public mutating func view(into buffer: inout Buffer) {
    _ = absorbResults()
    state.screenSize = buffer.area.size
    drawScreen(into: &buffer)
  }

  // MARK: - Keys

  mutating func handle(_ key: KeyEvent) {
    if state.showsHelp {
      switch key.key {
      case .up, .character("k"): state.helpScroll = max(0, state.helpScroll - 1)
      case .down, .character("j"): state.helpScroll += 1
      default: state.showsHelp = false
      }
      return
    }
    if state.dialog != nil {
      handleAppDialog(key)
      return
    }
    switch state.focusedPage?.content {
    case .edit?:
      handleEdit(key)
      return
    case .login?:
      handleLogin(key)
      return
    default:
      break
    }
    if state.focusedPage.flatMap(\.queryInput) != nil {
      handleInput(key)
      return
    }
    if key.key == .escape, isFocusedPageLoading {
      worker.cancelForeground()
      return
    }
    if case .function(12) = key.key {
      state.showsDebug.toggle()
      return
    }
    let map = AppKeys.map(for: state.focusedPage?.content)
    guard let action = map.action(for: key) else { return }
    perform(action)
  }

  mutating func perform(_ action: AppAction) {
    state.banner = nil
    switch action {
    case .quit: quit()
    case .help:
      state.showsHelp = true
      state.helpScroll = 0
    case .debug: state.showsDebug.toggle()
    case .reloadRules: reloadRules(force: true)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .back: goBack()
    case .forward: goForward()
    case .navigate(let move): navigate(move)
    case .previousColumn: moveColumn(by: -1)
    case .nextColumn: moveColumn(by: 1)
    case .search: beginInput(.search)
    case .filter: beginInput(.filter)
    case .sortAscending: sortByFocusedColumn(ascending: true)
    case .sortDescending: sortByFocusedColumn(ascending: false)
    case .refresh: refreshFocusedPage()
    case .edit: beginEdit()
    case .insert: beginInsert()
    case .delete: beginDelete()
    case .undo: undo()
    case .logout: logout()
    }
  }

  /// `q`: an edit page with unsaved changes asks first.
  mutating func quit() {
    if let index = state.stack.lastIndex(where: { page in
      if case .edit(let edit) = page.content { return edit.hasChanges }
      return false
    }), case .edit(var edit) = state.stack[index].content {
      state.pop(to: index)
      state.focus = index
      edit.dialog = .unsaved(quitAfter: true)
      edit.dialogState = DialogState()
      state.stack[index].content = .edit(edit)
      return
    }
    state.quitRequested = true
  }

  mutating func handle(_ mouse: MouseEvent) {
    switch mouse.kind {
    case .wheelUp: navigate(.up)
    case .wheelDown: navigate(.down)
    case .press: break
    }
  }

  mutating func moveFocus(by delta: Int) {
    let visible = PaneLayout.visiblePageIndices(stackCount: state.stack.count, width: lastWidth)
    guard let position = visible.firstIndex(of: state.focus) ?? visible.indices.last else { return }
    let next = (position + delta + visible.count) % max(1, visible.count)
    state.focus = visible[next]
  }

  /// The width of the last drawn screen, for pane arithmetic outside `view`.
  var lastWidth: Int { state.screenSize.width }

  // MARK: - Rules

  mutating func reloadRules(force: Bool = false) {
    let diagnostics = sources.load()
    environment.rules = sources.model
    if environment.context(task: "query").bool("debug") { state.showsDebug = true }
    refreshColumns()
    if diagnostics.contains(where: { $0.severity == .error }) {
      showDiagnostics(diagnostics)
    } else if force {
      state.banner = (.success, "Rules reloaded (\(sources.paths.count) file(s))")
    }
  }

  mutating func showDiagnostics(_ diagnostics: [RuleDiagnostic]) {
    let errors = diagnostics.filter { $0.severity == .error }
    guard let first = errors.first else { return }
    var message = first.summary
    if errors.count > 1 { message += " (and \(errors.count - 1) more)" }
    message += " — keeping the last good rules"
    state.banner = (.error, message)
  }

  // MARK: - Results

  /// Takes in finished database work; true when anything arrived.
  mutating func absorbResults() -> Bool {
    let results = worker.drain()
    for result in results { absorb(result) }
    return !results.isEmpty
  }

  var hasLoadingPage: Bool {
    state.stack.contains { page in
      switch page.content {
      case .query(let query): return query.loading != nil
      case .inspect(let inspect): return inspect.loading != nil
      case .edit(let edit): return edit.loading != nil || edit.saving != nil
      case .login(let login): return login.checking != nil
      default: return false
      }
    }
  }

  var isFocusedPageLoading: Bool {
    switch state.focusedPage?.content {
    case .query(let query)?: return query.loading != nil
    case .inspect(let inspect)?: return inspect.loading != nil
    default: return false
    }
  }
}

extension Page {
  var queryInput: InputLine? {
    if case .query(let query) = content { return query.input }
    return nil
  }
}
