import Access
import TerminalCore
import Widgets

/// Keys, in order: the help overlay, a dialog, the focused page (through its key map), then
/// the app's global keys. Keys that act on a row still loading wait for it; Esc never does:
/// it drops them, cancels the work, and closes the page if it has shown nothing yet.
extension D2TApp {
  mutating func handle(_ key: KeyEvent) {
    if state.isTooSmall {
      // Nothing acts on pages the user cannot see: q quits only when no edit would be lost.
      if (key == .char("q") || key == .ctrl("c")) && !hasUnsavedChanges { state.quitRequested = true }
      return
    }
    if key == .ctrl("c") {
      interrupt()
      return
    }
    if state.showsHelp {
      if let action = AppKeys.help.action(for: key), case .scroll(let delta) = action {
        state.helpScroll = max(0, state.helpScroll + delta)
      } else {
        state.showsHelp = false
      }
      return
    }
    if state.dialog != nil {
      handleDialog(key)
      return
    }
    if let action = AppKeys.always.action(for: key) {
      perform(action)
      return
    }
    if handleDebugKey(key) { return }
    let pageAction: (id: PageID, action: AnyPageAction)
    // A scope of its own: no copy of the page's state is held while `dispatch` edits it (a
    // copy would make it copy a 100 KiB field on every key).
    do {
      guard let page = state.focusedPage, let driver = driver(for: page) else {
        if let action = globalKeys.action(for: key) { perform(action) }
        return
      }
      if key.key == .escape {
        let session = session()
        if !state.pendingKeys.isEmpty || driver.describe(page.state, in: session).isAwaitingData {
          // Esc never waits behind keys typed while the page waits for its data: it drops
          // them (a Ctrl-S among them would save once the wait ended, after the user's Esc)
          // and stops the wait.
          state.pendingKeys = []
          if cancelLoading(page, driver, on: key, in: session) { return }
        }
      }
      if !state.pendingKeys.isEmpty {
        state.pendingKeys.append(key)
        return
      }
      let session = session()
      if let action = self.pageAction(for: key, driver, page, in: session) {
        if let binding = pageKeyMap(driver, page, in: session).binding(for: key), binding.action == action,
          refuses(binding.permission)
        {
          return
        }
        if driver.describe(page.state, in: session).isAwaitingData && !driver.isMovement(action) {
          state.pendingKeys.append(key)
          return
        }
        pageAction = (page.id, action)
      } else {
        if key.key == .escape, cancelLoading(page, driver, on: key, in: session) { return }
        if let action = globalKeys.action(for: key) {
          post(.dismissBanner(kind: nil))
          perform(action)
        }
        return
      }
    }
    post(.dismissBanner(kind: nil))
    dispatch(pageAction.action, to: pageAction.id)
  }

  /// Esc on a page still loading: its work is cancelled, and a page that has shown nothing
  /// yet closes too (a browser's back during a load); one that reloads what it shows stays
  /// with what it has. False when the page is not loading.
  mutating func cancelLoading(
    _ page: PageInstance, _ driver: any PageDriving, on key: KeyEvent, in session: Session
  ) -> Bool {
    let description = driver.describe(page.state, in: session)
    guard description.isLoading else { return false }
    worker.cancel(.foreground, page: page.id)
    worker.cancel(.background, page: page.id)
    send(.cancelled, to: page.id)
    if description.isAwaitingData, globalKeys.action(for: key) == .back { goBack() }
    return true
  }

  /// The focused page's keys as the configuration rebinds them.
  func pageKeyMap(_ driver: any PageDriving, _ page: PageInstance, in session: Session) -> KeyMap<AnyPageAction> {
    keyRebinding.apply(driver.keyMap(page.state, in: session), section: driver.keySection)
  }

  /// What `key` does on the page, its keys rebound.
  func pageAction(
    for key: KeyEvent, _ driver: any PageDriving, _ page: PageInstance, in session: Session
  ) -> AnyPageAction? {
    keyRebinding.action(for: key, map: driver.keyMap(page.state, in: session), section: driver.keySection) {
      driver.action(for: key, page.state, in: session)
    }
  }

  /// Applies the keys that waited, in order, until one has to wait again.
  mutating func replayPendingKeys() {
    while !state.pendingKeys.isEmpty {
      guard let page = state.focusedPage, let description = describe(page), !description.isAwaitingData else {
        return
      }
      let keys = state.pendingKeys
      state.pendingKeys = []
      for (offset, key) in keys.enumerated() {
        handle(key)
        if !state.pendingKeys.isEmpty {
          state.pendingKeys += keys.dropFirst(offset + 1)
          break
        }
      }
    }
  }

  /// A click focuses the pane under it and selects what it hits (a row, a field, a dialog
  /// button); the wheel scrolls the pane under the pointer.
  mutating func handle(_ mouse: MouseEvent) {
    guard !state.isTooSmall else { return }
    let screen = Rect(x: 0, y: 0, width: state.screenSize.width, height: state.screenSize.height)
    if state.showsHelp {
      if case .press = mouse.kind { state.showsHelp = false }
      return
    }
    if let dialog = state.dialog {
      guard case .press = mouse.kind else { return }
      let widget = Dialog(
        title: dialog.title, message: dialog.message, buttons: dialog.buttons.map(\.label),
        isError: dialog.isError, theme: theme)
      if let index = widget.button(
        at: mouse.position, in: Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2))
      {
        state.dialog = nil
        if let choice = dialog.buttons[index].choice, let owner = state.dialogOwner { dispatch(choice, to: owner) }
      }
      return
    }
    if scrollDebugOverlay(with: mouse, in: screen) { return }
    guard let (index, rect) = paneRects(in: contentArea(in: screen)).first(where: { $0.1.contains(mouse.position) })
    else { return }
    let id = state.stack[index].id
    state.focus = id
    switch mouse.kind {
    case .press(.left):
      let inner = Rect(x: rect.x + 1, y: rect.y + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
      guard inner.contains(mouse.position) else { return }
      send(.click(Point(x: mouse.position.x - inner.x, y: mouse.position.y - inner.y)), to: id)
    case .press:
      break
    case .wheelUp:
      handle(KeyEvent(.up))
    case .wheelDown:
      handle(KeyEvent(.down))
    }
  }

  mutating func paste(_ text: String) {
    guard !state.isTooSmall, state.dialog == nil, !state.showsHelp, let page = state.focusedPage,
      let driver = driver(for: page),
      let action = driver.action(forPaste: text, page.state)
    else { return }
    dispatch(action, to: page.id)
  }

  /// Whether a binding's permission is refused for the focused page; if so the banner
  /// says who may not do what and which rule decided, and the key does nothing.
  mutating func refuses(_ permission: String?) -> Bool {
    guard let permission, let key = PermissionKey(rawValue: permission) else { return false }
    let session = session()
    let (task, entityName) = permissionFocus(in: session)
    let resolved = session.permission(key, task: task, entityName: entityName)
    guard !resolved.isAllowed else { return false }
    post(.banner(.warning, session.refusal(resolved)))
    return true
  }

  /// The task and entity permissions are resolved for: the focused page's.
  func permissionFocus(in session: Session) -> (task: PageTask, entityName: String?) {
    let page = state.focusedPage
    return (page?.task ?? .query, page.flatMap { describe($0, in: session)?.entityName })
  }

  /// Which permissions are allowed for the focused page (the key bar and help offer only
  /// what is): the focus is read once, each permission resolved once.
  func allowedPermissions(in session: Session) -> (String) -> Bool {
    let (task, entityName) = permissionFocus(in: session)
    var known: [String: Bool] = [:]
    return { name in
      if let allowed = known[name] { return allowed }
      let allowed = session.allows(name, task: task, entityName: entityName)
      known[name] = allowed
      return allowed
    }
  }

  mutating func perform(_ action: AppAction) {
    if refuses(AppKeys.global.bindings.first { $0.action == action }?.permission) { return }
    switch action {
    case .quit: quit()
    case .help:
      state.showsHelp = true
      state.helpScroll = 0
    case .debug: state.debug.isShown.toggle()
    case .reloadRules: reloadRules(force: true)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .back: goBack()
    case .undo: undo(.undo)
    case .redo: undo(.redo)
    case .journal: openPage(PageRequest(task: .journal, crumb: "Journal"))
    case .logout: logout()
    case .console: openPage(PageRequest(task: .console))
    case .assistant: openAssistant()
    }
  }

  /// `q`: the topmost page with unsaved input asks first.
  /// Whether a page holds an edit not saved yet.
  var hasUnsavedChanges: Bool {
    let session = session()
    return state.stack.contains { page in describe(page, in: session)?.hasUnsavedChanges ?? false }
  }

  /// Ctrl-C (a key: d2t's terminal does not turn it into SIGINT): it closes help or a
  /// dialog, stops what the focused page waits for as Esc does (a query, a statement of the
  /// console, a save on a lock), cancels a value typed in place as Esc does, and otherwise
  /// quits as `q` does — asking first where input is unsaved, so that no edit is lost to a
  /// reflex.
  mutating func interrupt() {
    if state.showsHelp {
      state.showsHelp = false
      return
    }
    if state.dialog != nil {
      handleDialog(KeyEvent(.escape))
      return
    }
    if let page = state.focusedPage, let description = describe(page),
      !state.pendingKeys.isEmpty || description.isLoading || description.editsInPlace
    {
      handle(KeyEvent(.escape))
      return
    }
    quit()
  }

  mutating func quit() {
    let session = session()
    if let index = state.stack.lastIndex(where: { page in describe(page, in: session)?.hasUnsavedChanges ?? false }) {
      closePages(above: index)
      state.focus = state.stack[index].id
      send(.quitRequested, to: state.stack[index].id)
      return
    }
    state.quitRequested = true
  }

  /// Esc: close the pages right of the focused one, else the top page (the first stays).
  mutating func goBack() {
    if let index = state.focusedIndex, index < state.stack.count - 1 {
      closePages(above: index)
      return
    }
    guard state.stack.count > 1 else { return }
    closePages(above: state.stack.count - 2)
  }

  mutating func moveFocus(by delta: Int) {
    let visible = PaneLayout.visiblePageIndices(stackCount: state.stack.count, width: state.screenSize.width)
    guard !visible.isEmpty else { return }
    let position = state.focusedIndex.flatMap { visible.firstIndex(of: $0) } ?? visible.count - 1
    let next = (position + delta + visible.count) % visible.count
    state.focus = state.stack[visible[next]].id
  }

  /// A dialog's keys: ←/→/Tab move, Enter presses, the first letter of a button presses it,
  /// Esc cancels. The pressed button's choice goes to the page that asked.
  mutating func handleDialog(_ key: KeyEvent) {
    guard let dialog = state.dialog else { return }
    var focus = DialogState(focusedButton: state.dialogFocus)
    let outcome = focus.handle(key, buttons: dialog.buttons.map(\.label))
    state.dialogFocus = focus.focusedButton
    switch outcome {
    case .none:
      return
    case .dismissed:
      state.dialog = nil
    case .pressed(let index):
      state.dialog = nil
      if let choice = dialog.buttons[index].choice, let owner = state.dialogOwner { dispatch(choice, to: owner) }
    }
  }
}

extension D2TApp {
  /// Typed characters that arrive in one read while a text field has the focus — a paste
  /// the terminal did not bracket, or keys sent faster than the screen redraws — go to the
  /// field as one paste: one update and one frame, not one per character (a 100 KB
  /// unbracketed paste took minutes one key at a time). Other keys keep their order.
  public func coalescingTypedText(_ events: [InputEvent]) -> [InputEvent] {
    guard events.count > 1, state.dialog == nil, !state.showsHelp, !state.isTooSmall,
      state.pendingKeys.isEmpty, let page = state.focusedPage, let driver = driver(for: page),
      driver.action(forPaste: "x", page.state) != nil
    else { return events }
    var result: [InputEvent] = []
    var run = ""
    func flush() {
      if run.count == 1, let character = run.first {
        result.append(.key(KeyEvent(.character(character))))
      } else if !run.isEmpty {
        result.append(.paste(run))
      }
      run = ""
    }
    for event in events {
      if case .key(let key) = event, key.modifiers.isEmpty, case .character(let character) = key.key {
        run.append(character)
      } else {
        flush()
        result.append(event)
      }
    }
    flush()
    return result
  }
}
