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
      undo(.undo)
    case .redo:
      undo(.redo)
    case .logIn(let user):
      state.user = user
      closePages(above: -1)
      worker.closeLaneResourcesForNextUser()
      let role = session().context(task: .query).string("databaseRole")
      takeDatabaseRole(role.isEmpty ? nil : role)
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
        historyWriter.async { try? historyStore.save(history) }
      }
    case .writeRule(let rule, let note):
      ruleWriting(.write(rule, note: note))
    case .undoRuleWrite:
      ruleWriting(.undo)
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
    // A hidden entity is reached by no page: not from a to-one, a to-many, the journal or a
    // console result's rows.
    if let entity, let refusal = session.hiddenRefusal(entity) {
      post(.banner(.warning, refusal))
      return
    }
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

  /// Routes an action to undo/redo (`UndoFeature`) and carries out what it asks.
  mutating func undo(_ action: UndoFeature.Action) {
    let connection = worker.database.adaptor.connectionID
    let keepsJournal = environment.context(task: .query).bool("keepsJournal")
    let store = JournalStore(connectionID: connection, directory: journalDirectory)
    let model = environment.model
    let session = session()
    let dependencies = UndoFeature.Dependencies(
      readOnly: readOnly, readOnlyReason: readOnlyReason ?? "--read-only",
      keep: { entry in
        guard keepsJournal else { return nil }
        do {
          try store.append(entry)
          return nil
        } catch {
          return "Saved, but not written to the journal \(store.url.path): \(error.localizedDescription)"
        }
      },
      explain: { step, failure in model[entity: step.entity].map { session.explain(failure, entity: $0) } },
      hidden: { step in model[entity: step.entity].flatMap(session.hiddenRefusal) })
    for output in UndoFeature.update(&state.undo, action, dependencies) {
      switch output {
      case .apply(let steps):
        worker.submit(.apply(steps.map(\.change)), lane: .foreground, page: nil) {
          .journalStepped(steps, $0.applied)
        }
      case .banner(let kind, let text):
        post(.banner(kind, text))
      case .dataChanged:
        for page in state.stack { send(.dataChanged, to: page.id) }
      }
    }
  }

  /// A saved change goes in the journal (and in its file when `keepsJournal` is on).
  mutating func record(_ record: ChangeRecord) {
    let user = state.user?.name ?? ProcessInfo.processInfo.userName
    var entry = record.journalEntry(connection: worker.database.adaptor.connectionID, user: user, time: Date())
    entry.group = record.group
    undo(.record(entry, title: record.title, beforeTitle: record.beforeTitle))
  }

  /// Ctrl-O: forget the user and return to the login page.
  mutating func logout() {
    guard state.user != nil else {
      post(.banner(.notice, "Nobody is logged in"))
      return
    }
    state.user = nil
    closePages(above: -1)
    worker.closeLaneResourcesForNextUser()
    takeDatabaseRole(nil)
    openPage(PageRequest(task: .login))
    post(.banner(.notice, "Logged out"))
  }

  /// Every connection takes the logged-in user's database role (`databaseRole`), or the
  /// role it connected as again: queued on both lanes ahead of the first page's work, so no
  /// query runs as the connecting role after login. Connections opened later (the console,
  /// exports) and reconnections take it from the adaptor.
  mutating func takeDatabaseRole(_ role: String?) {
    guard role != state.databaseRole else { return }
    state.databaseRole = role
    state.databaseRoleEscape = nil
    for lane in [Lane.foreground, .background] {
      let work = RunWork("databaseRole", of: role ?? "") { context in
        try context.database.setSessionRole(role)
        // Whether a console statement could take more rights (asked at each login).
        guard let role, lane == .foreground else { return "" }
        return try context.database.escapeFromRole(role) ?? ""
      }
      worker.submit(.run(work), lane: lane, page: nil) { output in
        guard case .ran(let result) = output else { return .roleTaken(role, lane: lane, .success("")) }
        return .roleTaken(role, lane: lane, result.map { ($0 as? String) ?? "" })
      }
    }
  }

  /// A lane's connection took the role, or not: a role that cannot be taken logs the user
  /// out (going on as the connecting role would show more than the user may see).
  mutating func roleTaken(_ role: String?, lane: Lane, _ result: Result<String, WorkError>) {
    if case .success(let escape) = result, let role, role == state.databaseRole, !escape.isEmpty {
      state.databaseRoleEscape =
        "while \(state.user?.name ?? "the user") works as \(role), \(escape): a statement "
        + "could take those rights, so the console is off (connect as a role that can become this role and nothing more)"
    }
    guard case .failure(let error) = result, role != nil, role == state.databaseRole else { return }
    let name = state.user?.name ?? "the user"
    state.user = nil
    closePages(above: -1)
    takeDatabaseRole(nil)
    openPage(PageRequest(task: .login))
    post(.banner(.error, "Logged out: cannot take the database role \(role ?? "") for \(name) — \(error.message)"))
  }
}
