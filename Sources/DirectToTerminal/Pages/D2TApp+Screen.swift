import Access
import TerminalCore
import Theming
import Widgets

/// The whole screen: breadcrumb, banner, panes, status bar, overlays.
extension D2TApp {
  mutating func drawScreen(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    guard area.width >= 20, area.height >= 6 else {
      buffer.setString("d2t needs 20×6", x: 0, y: 0, style: theme[.warning])
      return
    }
    drawBreadcrumb(in: Rect(x: 0, y: 0, width: area.width, height: 1), buffer: &buffer)
    var top = 1
    if let banner = state.banner {
      Banner(banner.kind, banner.message, theme: theme)
        .render(in: Rect(x: 0, y: 1, width: area.width, height: 1), buffer: &buffer)
      top = 2
    }
    let status = Rect(x: 0, y: area.height - 1, width: area.width, height: 1)
    var content = Rect(x: 0, y: top, width: area.width, height: area.height - top - 1)
    if state.showsDebug && content.width >= 60 {
      let debugWidth = max(36, content.width * 2 / 5)
      let debugArea = Rect(
        x: content.right - debugWidth, y: content.y, width: debugWidth, height: content.height)
      content.width -= debugWidth
      drawPanes(in: content, buffer: &buffer)
      drawDebugOverlay(in: debugArea, buffer: &buffer)
    } else {
      drawPanes(in: content, buffer: &buffer)
    }
    drawStatusBar(in: status, buffer: &buffer)
    drawDialogs(in: Rect(x: 0, y: 1, width: area.width, height: area.height - 2), buffer: &buffer)
    if state.showsHelp {
      var sections = AppKeys.helpSections
      sections.insert(HelpSection(title: "Direct to Terminal", hints: [
        KeyHint(keys: "Enter/→/l", description: "open the selection (nextTask)"),
        KeyHint(keys: "Esc/←/h", description: "back; cancels a running query"),
      ]), at: 0)
      HelpOverlay(sections: sections, scroll: state.helpScroll, theme: theme)
        .render(in: Rect(x: 0, y: 1, width: area.width, height: area.height - 2), buffer: &buffer)
    }
  }

  /// `d2t · SQLite sakila.db  Film › ACADEMY DINOSAUR › Language: English`.
  func drawBreadcrumb(in area: Rect, buffer: inout Buffer) {
    let style = theme[.title]
    buffer.fill(area, with: .blank(style))
    let crumbs = state.stack.map(\.crumb).filter { !$0.isEmpty }
    let text = " " + (crumbs.isEmpty ? "d2t" : crumbs.joined(separator: " › "))
    buffer.setString(text, x: area.x, y: area.y, width: area.width, style: style)
  }

  mutating func drawPanes(in area: Rect, buffer: inout Buffer) {
    let indices = PaneLayout.visiblePageIndices(stackCount: state.stack.count, width: area.width)
    let kinds = indices.map { index -> PaneLayout.PaneKind in
      if case .entities = state.stack[index].content { return .entities }
      return .other
    }
    let rects = PaneLayout.rects(for: kinds, in: area)
    if !indices.contains(state.focus), let last = indices.last { state.focus = last }
    for (index, rect) in zip(indices, rects) {
      let focused = index == state.focus
      let title = paneTitle(state.stack[index])
      let block = Block(title: title, focused: focused, theme: theme)
      block.render(in: rect, buffer: &buffer)
      let inner = block.inner(rect)
      switch state.stack[index].content {
      case .entities(var list):
        drawEntityList(&list, in: inner, focused: focused, buffer: &buffer)
        state.stack[index].content = .entities(list)
      case .query(var query):
        drawQueryList(&query, in: inner, focused: focused, buffer: &buffer)
        state.stack[index].content = .query(query)
      case .inspect(var inspect):
        drawInspect(&inspect, in: inner, focused: focused, buffer: &buffer)
        state.stack[index].content = .inspect(inspect)
      case .edit(var edit):
        drawEdit(&edit, in: inner, focused: focused, buffer: &buffer)
        state.stack[index].content = .edit(edit)
      case .login(let login):
        drawLogin(login, in: inner, focused: focused, buffer: &buffer)
      case .error(let error):
        drawError(error, in: inner, buffer: &buffer)
      }
    }
  }

  func paneTitle(_ page: Page) -> String {
    switch page.content {
    case .entities: return "Entities"
    case .query(let query):
      let entity = environment.model[entity: query.entityName]
      var title = page.crumb.isEmpty ? (entity?.displayName ?? query.entityName) : page.crumb
      if let total = query.total {
        let count = (query.totalIsEstimate ? "~" : "") + grouped(String(total))
        if !title.hasSuffix(")") { title += " (\(count))" }
      }
      return title
    case .inspect, .edit: return page.crumb
    case .login: return "Login"
    case .error(let error): return error.title
    }
  }

  /// Key hints of the focused page, and where the selection is.
  func drawStatusBar(in area: Rect, buffer: inout Buffer) {
    let page = state.focusedPage
    var hints = AppKeys.map(for: page?.content).shownHints
    var message = ""
    var trailing = ""
    if case .query(let query)? = page?.content {
      if let input = query.input {
        hints = [KeyHint(keys: "Enter", description: "Apply"), KeyHint(keys: "Esc", description: "Cancel")]
        message = input.kind == .search ? "Search" : "Filter"
      }
      trailing = positionText(query)
    }
    if isFocusedPageLoading {
      hints.insert(KeyHint(keys: "Esc", description: "Cancel query"), at: 0)
    }
    StatusBar(message: message, hints: hints, trailing: trailing, theme: theme)
      .render(in: area, buffer: &buffer)
  }

  /// `row 12 of 1,000` (`of ~1,000,000` for an estimate).
  func positionText(_ query: QueryListState) -> String {
    guard let selected = query.table.rows.selected, !query.window.rows.isEmpty else {
      return query.loading == nil ? "no rows" : ""
    }
    let total = query.total.map { (query.totalIsEstimate ? "~" : "") + grouped(String($0)) }
    guard let index = query.window.resultIndex(of: selected, total: query.total) else {
      return total.map { "row ? of \($0)" } ?? ""
    }
    return "row \(grouped(String(index + 1)))" + (total.map { " of \($0)" } ?? "")
  }

  /// `12/~1,000,000` for a table header: where the selection is in the whole result.
  func compactPosition(_ query: QueryListState) -> String {
    guard let selected = query.table.rows.selected, !query.window.rows.isEmpty else { return "" }
    let total = query.total.map { (query.totalIsEstimate ? "~" : "") + grouped(String($0)) } ?? "?"
    let index = query.window.resultIndex(of: selected, total: query.total).map { grouped(String($0 + 1)) } ?? "?"
    return index + "/" + total
  }

  /// The spinner in a pane's corner once work has run for 150 ms.
  func drawSpinner(since: ContinuousClock.Instant, in area: Rect, buffer: inout Buffer) {
    guard clock.now - since >= .milliseconds(150), area.width > 12 else { return }
    Spinner(tick: state.tick, label: "loading", theme: theme)
      .render(in: Rect(x: area.right - 11, y: area.y, width: 11, height: 1), buffer: &buffer)
  }
}
