import Access
import TerminalCore
import Theming
import Widgets

/// The whole screen: breadcrumb, banner, panes, status bar, overlays. Drawing only.
extension D2TApp {
  public func view(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    guard area.width >= AppState.minimumSize.width, area.height >= AppState.minimumSize.height else {
      buffer.setString(
        "d2t needs \(AppState.minimumSize.width)×\(AppState.minimumSize.height)", x: 0, y: 0,
        style: theme[.warning])
      if hasUnsavedChanges {
        buffer.setString("unsaved edit: enlarge to save", x: 0, y: 1, style: theme[.warning])
      }
      return
    }
    guard let frameTime = state.frameTime else { return }
    let session = session(at: frameTime, date: state.frameDate)
    drawBreadcrumb(in: Rect(x: 0, y: 0, width: area.width, height: 1), buffer: &buffer)
    if let banner = state.banner {
      Banner(banner.kind, banner.text.terminalSafe, theme: theme)
        .render(in: Rect(x: 0, y: 1, width: area.width, height: bannerHeight(width: area.width)), buffer: &buffer)
    }
    let content = contentArea(in: area)
    let focusedIndex = state.focusedIndex
    for (index, rect) in paneRects(in: content) {
      let page = state.stack[index]
      guard let driver = driver(for: page) else { continue }
      let focused = index == focusedIndex
      let block = Block(title: driver.describe(page.state, in: session).title, focused: focused, theme: theme)
      block.render(in: rect, buffer: &buffer)
      let context = ViewContext(session: session, focused: focused, tick: state.tick, showsDebug: state.debug.isShown)
      driver.view(page.state, in: context, area: block.inner(rect), buffer: &buffer)
    }
    if showsDebugPane(in: area) {
      debugReport(session)?.draw(in: debugArea(in: area), scroll: state.debug.scroll, theme: theme, buffer: &buffer)
    }
    drawStatusBar(in: Rect(x: 0, y: area.height - 1, width: area.width, height: 1), session: session, buffer: &buffer)
    if let dialog = state.dialog {
      var focus = DialogState(focusedButton: state.dialogFocus)
      Dialog(
        title: dialog.title, message: dialog.message, buttons: dialog.buttons.map(\.label),
        isError: dialog.isError, theme: theme
      )
      .render(in: Rect(x: 0, y: 1, width: area.width, height: area.height - 2), buffer: &buffer, state: &focus)
    }
    if state.showsHelp {
      HelpOverlay(sections: helpSections(session), scroll: state.helpScroll, theme: theme)
        .render(in: Rect(x: 0, y: 1, width: area.width, height: area.height - 2), buffer: &buffer)
    }
  }

  /// The rows the banner takes at `width` (0 without one; a long one wraps to three).
  func bannerHeight(width: Int) -> Int {
    guard let banner = state.banner else { return 0 }
    return Banner(banner.kind, banner.text.terminalSafe, theme: theme).height(width: width)
  }

  /// Below the breadcrumb (and banner), above the status bar, left of the debug pane.
  func contentArea(in area: Rect) -> Rect {
    let top = 1 + bannerHeight(width: area.width)
    var content = Rect(x: 0, y: top, width: area.width, height: max(0, area.height - top - 1))
    if showsDebugPane(in: area) { content.width -= debugWidth(in: area) }
    return content
  }

  func showsDebugPane(in area: Rect) -> Bool { state.debug.isShown && area.width >= 60 }

  func debugWidth(in area: Rect) -> Int { max(36, area.width * 2 / 5) }

  func debugArea(in area: Rect) -> Rect {
    let top = 1 + bannerHeight(width: area.width)
    let width = debugWidth(in: area)
    return Rect(x: area.width - width, y: top, width: width, height: max(0, area.height - top - 1))
  }

  /// The visible pages (stack index) and their rectangles.
  func paneRects(in content: Rect) -> [(Int, Rect)] {
    let indices = PaneLayout.visiblePageIndices(stackCount: state.stack.count, width: content.width)
    let kinds = indices.map { index -> PaneLayout.PaneKind in
      state.stack[index].prefersNarrowPane ? .entities : .other
    }
    return Array(zip(indices, PaneLayout.rects(for: kinds, in: content)))
  }

  /// `DVD Rental › Film › ACADEMY DINOSAUR › Language: English`.
  func drawBreadcrumb(in area: Rect, buffer: inout Buffer) {
    let style = theme[.title]
    buffer.fill(area, with: .blank(style))
    let crumbs = state.stack.map(\.crumb).filter { !$0.isEmpty }
    let text = " " + (crumbs.isEmpty ? "d2t" : crumbs.joined(separator: " › "))
    buffer.setString(text, x: area.x, y: area.y, width: area.width, style: style)
  }

  /// The focused page's keys (from the same maps that handle them) and its position.
  func drawStatusBar(in area: Rect, session: Session, buffer: inout Buffer) {
    let allowed = allowedPermissions(in: session)
    let globalKeys = globalKeys.permitted(by: allowed)
    var hints = globalKeys.shownHints
    var message = ""
    var trailing = ""
    if let page = state.focusedPage, let driver = driver(for: page) {
      let description = driver.describe(page.state, in: session)
      let status = description.status
      if let own = status.hints {
        // A page's own hints still end with how to get help.
        let help = globalKeys.bindings.first { $0.action == .help }.map(\.hint)
        hints = own + (own.contains { $0.role == .help } ? [] : help.map { [$0] } ?? [])
      } else {
        // The page's keys, then Quit and Help, then Open and Back (as they read left to right).
        let pageHints = pageKeyMap(driver, page, in: session).permitted(by: allowed).shownHints
        // Only the global keys the page leaves to the app (an editor types `q`).
        let global = globalKeys.bindings.compactMap { binding -> KeyHint? in
          guard binding.shown else { return nil }
          let free = binding.keys.filter {
            AppKeys.always.action(for: $0) != nil || pageAction(for: $0, driver, page, in: session) == nil
          }
          guard !free.isEmpty else { return nil }
          return KeyHint(
            keys: free.map(\.description).joined(separator: "/"), description: binding.description, role: binding.role)
        }
        hints =
          pageHints.filter { $0.role != .open } + global.filter { $0.role != .back }
          + pageHints.filter { $0.role == .open } + global.filter { $0.role == .back }
      }
      message = status.message.isEmpty ? state.statusNote ?? "" : status.message
      trailing = status.trailing
      if description.isLoading && status.hints == nil && !hints.contains(where: { $0.role == .cancel }) {
        hints.insert(KeyHint(keys: "Esc", description: "Cancel", role: .cancel), at: 0)
      }
    }
    if !state.pendingKeys.isEmpty {
      // Keys typed while the page waits for its data apply once it is in: said, or a `q`
      // typed after a `c` looks ignored, then edits the cell when the rows come.
      let count = state.pendingKeys.count
      message = (count == 1 ? "1 key waits" : "\(count) keys wait") + " for the data: applied once it is in"
      hints = [KeyHint(keys: "Esc", description: "Drop and cancel", role: .cancel)]
    }
    if state.dialog != nil {
      hints = [
        KeyHint(keys: "←/→", description: "Choose"), KeyHint(keys: "Enter", description: "Press"),
        KeyHint(keys: "Esc", description: "Cancel", role: .cancel),
      ]
    }
    if state.reconnecting { trailing = "reconnecting…" + (trailing.isEmpty ? "" : " · " + trailing) }
    StatusBar(message: message, hints: hints, trailing: trailing, theme: theme).render(in: area, buffer: &buffer)
  }

  /// The help overlay: the focused page's keys, moving, and the global ones.
  func helpSections(_ session: Session) -> [HelpSection] {
    // The keys as the configuration binds them: the page's Open, the app's Back.
    var open = "Enter/→/l"
    if let page = state.focusedPage, let driver = driver(for: page) {
      open = pageKeyMap(driver, page, in: session).bindings.first { $0.role == .open }?.keyLabel ?? open
    }
    let back = globalKeys.bindings.first { $0.action == .back }?.keyLabel ?? "Esc"
    var sections = [
      HelpSection(
        title: "Direct to Terminal",
        hints: [
          KeyHint(keys: open, description: "open the selection (nextTask)"),
          KeyHint(keys: back, description: "back; cancels a running query"),
        ])
    ]
    let allowed = allowedPermissions(in: session)
    if let page = state.focusedPage, let driver = driver(for: page) {
      sections.append(
        pageKeyMap(driver, page, in: session).permitted(by: allowed).helpSection(
          configTable: "keys." + driver.keySection))
      // A page that takes typed text edits it with the text keys.
      if driver.action(forPaste: "x", page.state) != nil {
        sections.append(TextKeys.map.helpSection(configTable: "keys.text"))
      }
    }
    sections.append(globalKeys.permitted(by: allowed).helpSection(configTable: "keys"))
    if state.debug.isShown { sections.append(DebugOverlay.keys.helpSection) }
    sections.append(
      HelpSection(
        title: "Mouse and signals",
        hints: [
          KeyHint(keys: "click", description: "select a row, field, pane or button"),
          KeyHint(keys: "wheel", description: "scroll the pane under the pointer"),
          KeyHint(keys: "Ctrl-C", description: "cancel what runs, else quit as q"),
        ]))
    return sections
  }
}
