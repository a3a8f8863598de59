import Access
import Dispatch
import Foundation
import Journal
import Rules
import Widgets

/// What pages ask of the app: opening and closing pages, messages between them, banners,
/// dialogs, undo, login.
extension D2TApp {
  mutating func perform(_ command: AppCommand, from id: PageID?) {
    switch command {
    case .open(let request, let from):
      if let from, let index = state.index(of: from) { closePages(above: index) }
      openPage(request)
    case .close(let page):
      guard let index = state.index(of: page) else { return }
      if index == 0 && state.stack.count == 1 { return }
      closePages(above: index - 1)
    case .deliver(let message, let target):
      send(message, to: target)
    case .banner(let kind, let text):
      state.banner = .init(kind: kind, text: text)
    case .dismissBanner(let kind):
      if kind == nil || state.banner?.kind == kind { state.banner = nil }
    case .dataChanged:
      for page in state.stack { send(.dataChanged, to: page.id) }
    case .keyChanged(let entityName, let old, let new):
      for page in state.stack { send(.keyChanged(entityName: entityName, from: old, to: new), to: page.id) }
    case .recordChange(let change):
      record(change)
    case .undo:
      undo()
    case .redo:
      redo()
    case .logIn(let user):
      state.user = user
      closePages(above: -1)
      let task = session().nextTask(after: .login, entity: nil, default: .query)
      openPage(PageRequest(task: task == .login ? .query : task))
      post(.banner(.success, "Logged in as \(user.name)"))
    case .logOut:
      logout()
    case .quit:
      state.quitRequested = true
    case .focus(let page):
      if state.index(of: page) != nil { state.focus = page }
    case .remember(let text, let kind):
      guard state.history.add(text, kind: kind) else { return }
      if let historyStore {
        let history = state.history
        DispatchQueue.global(qos: .utility).async { try? historyStore.save(history) }
      }
    case .writeRule(let rule, let note):
      writeRule(rule, note: note)
    case .undoRuleWrite:
      undoRuleWrite()
    case .copy(let text, let what):
      let copy = clipboard?.copy(text) ?? .none
      var ways: [String] = []
      if copy.sentOSC52 { ways.append("OSC 52") }
      if let helper = copy.helper { ways.append(helper) }
      post(
        ways.isEmpty
          ? .banner(.warning, "Nothing copied: this terminal offers no clipboard")
          : .banner(.success, "Copied \(what) (\(ways.joined(separator: ", ")))"))
    }
  }

  /// The first page: `firstTask` (default `query`, the entity list).
  mutating func openFirstPage() {
    let task = PageTask(environment.context(task: .query).string("firstTask", PageTask.query.rawValue))
    openPage(PageRequest(task: task))
  }

  /// Pushes the page the `page` rule names for the request's task; an unknown task or page,
  /// or a page that cannot show the request, gives an error page (or a banner), never a crash.
  mutating func openPage(_ request: PageRequest) {
    let session = session()
    let entity = session.entity(named: request.entityName)
    let pageName = session.context(task: request.task, entity: entity, row: request.row).name("page") ?? ""
    guard let driver = pages.driver(named: pageName),
      pageName != ErrorFeature.name || request.detail(as: ErrorRequest.self) != nil
    else {
      let reason =
        pageName.isEmpty || pageName == ErrorFeature.name
        ? "No page shows the task '\(request.task)'. Check the `page` rules for this task."
        : "There is no page named \(pageName) (from the `page` rule for task '\(request.task)')."
      openErrorPage(request, reason: reason)
      return
    }
    let id = newPageID()
    do {
      let (pageState, effect) = try driver.open(request, id: id, in: session)
      let description = driver.describe(pageState, in: session)
      let crumb =
        description.crumb ?? request.crumb
        ?? entity.map { session.context(task: request.task, entity: $0).string("displayNameForEntity", $0.displayName) }
        ?? ""
      state.stack.append(
        PageInstance(
          id: id, pageName: pageName, task: request.task, crumb: crumb, state: pageState,
          prefersNarrowPane: description.prefersNarrowPane))
      state.focus = id
      syncLayout()
      run(effect, for: id)
    } catch {
      if error.asBanner {
        post(.banner(.notice, error.message))
      } else {
        openErrorPage(request, reason: error.message)
      }
    }
  }

  mutating func openErrorPage(_ request: PageRequest, reason: String) {
    var failed = request
    failed.detail = PageRequestDetail(ErrorRequest(reason: reason))
    let id = newPageID()
    guard let driver = pages.driver(named: ErrorFeature.name) ?? PageRegistry.standard.driver(named: ErrorFeature.name),
      let (pageState, _) = try? driver.open(failed, id: id, in: session())
    else { return }
    state.stack.append(
      PageInstance(id: id, pageName: ErrorFeature.name, task: .error, crumb: "Error", state: pageState))
    state.focus = id
    syncLayout()
  }

  mutating func newPageID() -> PageID {
    defer { state.nextPageID += 1 }
    return PageID(state.nextPageID)
  }

  /// Removes the pages above `index` (-1: all), dropping their work.
  mutating func closePages(above index: Int) {
    while state.stack.count > max(0, index + 1) {
      let page = state.stack.removeLast()
      worker.forget(page.id)
      state.viewports[page.id] = nil
      if state.dialogOwner == page.id { state.dialog = nil }
    }
    state.pendingKeys = []
    if let focus = state.focus, state.index(of: focus) == nil { state.focus = state.stack.last?.id }
    syncLayout()
  }

  /// `u`: undo the newest applied change of the journal by applying its inverse, checked
  /// for conflicts like any save.
  mutating func undo() { journalStep(undo: true) }

  /// `U`: apply again the change undone last.
  mutating func redo() { journalStep(undo: false) }

  /// One step back (`undo`) or forward through the journal; queued while a step runs.
  private mutating func journalStep(undo: Bool) {
    if state.journalStepRunning {
      state.queuedJournalSteps.append(undo)
      return
    }
    guard let step = undo ? state.journal.nextUndo : state.journal.nextRedo else {
      post(.banner(.notice, undo ? "Nothing to undo" : "Nothing to redo"))
      return
    }
    applyJournalStep(step)
  }

  mutating func applyJournalStep(_ step: JournalEntry) {
    if readOnly {
      post(.banner(.notice, "This session is read-only (--read-only)"))
      return
    }
    state.journalStepRunning = true
    worker.submit(.apply([step.change]), lane: .foreground, page: nil) { .journalStepped(step, $0.applied) }
  }

  mutating func journalStepped(_ step: JournalEntry, _ result: Result<[ChangeOutcome], SaveFailure>) {
    state.journalStepRunning = false
    let undoing = step.step == .undo
    let title = (undoing ? state.journal.undoTitle : state.journal.redoTitle) ?? "the change"
    switch result {
    case .success(let outcomes):
      if undoing { state.journal.didUndo() } else { state.journal.didRedo() }
      state.journal.rowStored(outcomes.first, entity: step.entity, key: step.key)
      var done = step
      done.time = Date()
      let problem = keep(done)
      let left = undoing ? state.journal.undoCount : state.journal.redoCount
      let more = left == 0 ? "" : " (\(left) more with \(undoing ? "u" : "U"))"
      post(
        problem.map { .banner(.warning, $0) } ?? .banner(.success, (undoing ? "Undone: " : "Redone: ") + title + more))
      for page in state.stack { send(.dataChanged, to: page.id) }
      if !state.queuedJournalSteps.isEmpty {
        let next = state.queuedJournalSteps.removeFirst()
        if next { undo() } else { redo() }
      }
    case .failure(let failure):
      state.queuedJournalSteps = []
      // A refusal names the row as it is now: an undo finds it as the change left it, a
      // redo as it was before the change.
      let named = (undoing ? state.journal.undoTitle : state.journal.redoBeforeTitle) ?? title
      let verb = undoing ? "undo" : "redo"
      let entity = environment.model[entity: step.entity]
      post(
        .banner(
          .error,
          entity.map { "Cannot \(verb) \(named) — " + session().explain(failure, entity: $0) }
            ?? "Cannot \(verb) \(named)"))
    }
  }

  /// A saved change goes in the journal (and in its file when `keepsJournal` is on).
  mutating func record(_ record: ChangeRecord) {
    let user = state.user?.name ?? ProcessInfo.processInfo.userName
    let entry = record.journalEntry(connection: worker.database.adaptor.connectionID, user: user, time: Date())
    state.journal.record(entry, title: record.title, beforeTitle: record.beforeTitle)
    if let problem = keep(entry) { post(.banner(.warning, problem)) }
  }

  /// Appends a step to the connection's journal file when a rule keeps it; what went
  /// wrong, if anything.
  func keep(_ entry: JournalEntry) -> String? {
    guard environment.context(task: .query).bool("keepsJournal") else { return nil }
    let store = JournalStore(connectionID: worker.database.adaptor.connectionID, directory: journalDirectory)
    do {
      try store.append(entry)
      return nil
    } catch {
      return "Saved, but not written to the journal \(store.url.path): \(error.localizedDescription)"
    }
  }

  /// Ctrl-O: forget the user and return to the login page.
  mutating func logout() {
    guard state.user != nil else {
      post(.banner(.notice, "Nobody is logged in"))
      return
    }
    state.user = nil
    closePages(above: -1)
    openPage(PageRequest(task: .login))
    post(.banner(.notice, "Logged out"))
  }
}
