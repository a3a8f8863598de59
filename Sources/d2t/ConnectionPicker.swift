import Config
import Foundation
import TerminalCore
import Theming
import Widgets

/// The first screen when config.toml names connections: the named ones, the recent ones
/// and the demo; Enter (or a click) opens one, `/` narrows the list to those whose name or
/// URL holds what is typed, `?` lists the keys, q or Esc quits.
struct ConnectionPicker: TerminalProgram {
  struct Item {
    var label: String
    /// What to open: a connection name or URL; nil: the demo.
    var target: String?
  }

  var items: [Item]
  var scroll = ScrollState()
  var chosen: Item?
  var theme: Theme
  /// The `/` line, while it is open.
  var filter: TextFieldState?
  /// What the list is narrowed to (kept after Enter on the `/` line).
  var query = ""
  var showsHelp = false

  init(config: D2TConfig, recent: [String], theme: Theme) {
    var items = config.connections.map {
      Item(label: $0.name + "  " + RecentConnections.redacted($0.url), target: $0.name)
    }
    let named = Set(config.connections.map(\.name))
    items += recent.filter { !named.contains($0) }.map { Item(label: "recent  " + $0, target: $0) }
    items.append(Item(label: "DVD Rental demo", target: nil))
    self.items = items
    self.theme = theme
  }

  /// The items the query keeps, case-insensitively.
  var shown: [Item] {
    guard !query.isEmpty else { return items }
    return items.filter { $0.label.localizedCaseInsensitiveContains(query) }
  }

  static let hints = [
    KeyHint(keys: "Enter / click", description: "Open the connection"),
    KeyHint(keys: "↑ ↓ j k g G", description: "Move"),
    KeyHint(keys: "/", description: "Only connections holding the text typed"),
    KeyHint(keys: "Esc", description: "Clear the filter, or quit"),
    KeyHint(keys: "q", description: "Quit"),
    KeyHint(keys: "?", description: "This help"),
  ]

  mutating func update(_ event: InputEvent) -> ProgramStep {
    switch event {
    case .key(let key): return press(key)
    case .paste(let text):
      filter?.paste(text.replacingOccurrences(of: "\n", with: " "))
      narrow()
    case .mouse(let mouse): return click(mouse)
    case .resize: break
    }
    return .continue
  }

  private mutating func press(_ key: KeyEvent) -> ProgramStep {
    // Ctrl-C reaches the picker as a key (d2t's terminal sends no SIGINT for it): it quits.
    if key == .ctrl("c") { return .quit }
    if showsHelp {
      showsHelp = false
      return .continue
    }
    if var field = filter {
      switch key.key {
      case .escape:
        filter = nil
        query = ""
        scroll = ScrollState(selected: items.isEmpty ? nil : 0)
      case .enter:
        filter = nil
      default:
        _ = field.handle(key)
        filter = field
        narrow()
      }
      return .continue
    }
    let count = shown.count
    switch key.key {
    case .enter, .right:
      return open(scroll.selected)
    case .escape where !query.isEmpty:
      query = ""
      scroll = ScrollState(selected: items.isEmpty ? nil : 0)
    case .escape, .character("q"):
      return .quit
    case .character("/"):
      filter = TextFieldState(query)
    case .character("?"), .function(1):
      showsHelp = true
    case .up, .character("k"): scroll.apply(.up, count: count, pageSize: 10)
    case .down, .character("j"): scroll.apply(.down, count: count, pageSize: 10)
    case .home, .character("g"): scroll.apply(.top, count: count, pageSize: 10)
    case .end, .character("G"): scroll.apply(.bottom, count: count, pageSize: 10)
    default: break
    }
    return .continue
  }

  /// A click on an item selects it, a click on the selected one opens it; the wheel moves.
  private mutating func click(_ mouse: MouseEvent) -> ProgramStep {
    switch mouse.kind {
    case .wheelUp: scroll.apply(.up, count: shown.count, pageSize: 10)
    case .wheelDown: scroll.apply(.down, count: shown.count, pageSize: 10)
    case .press:
      // The list starts below the title line and the box's top border.
      let index = scroll.offset + mouse.position.y - 2
      guard shown.indices.contains(index) else { return .continue }
      if scroll.selected == index { return open(index) }
      scroll.selected = index
    }
    return .continue
  }

  private mutating func open(_ index: Int?) -> ProgramStep {
    let shown = shown
    guard let index, shown.indices.contains(index) else { return .continue }
    chosen = shown[index]
    return .quit
  }

  private mutating func narrow() {
    query = filter?.text ?? query
    scroll = ScrollState(selected: shown.isEmpty ? nil : 0)
  }

  func view(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    buffer.setString(" d2t · choose a connection", x: 0, y: 0, width: area.width, style: theme[.title])
    let box = Rect(x: 0, y: 1, width: area.width, height: max(0, area.height - 2))
    let title = query.isEmpty ? "Connections" : "Connections holding “\(query.terminalSafe)”"
    let block = Block(title: title, focused: true, theme: theme)
    block.render(in: box, buffer: &buffer)
    var state = scroll
    let items = shown
    ListView(count: items.count, focused: true, showsPosition: false, theme: theme) { items[$0].label.terminalSafe }
      .render(in: block.inner(box), buffer: &buffer, state: &state)
    if items.isEmpty {
      let inner = block.inner(box)
      buffer.setString(
        " No connection holds “\(query.terminalSafe)” (Esc clears)", x: inner.x, y: inner.y, width: inner.width,
        style: theme[.muted])
    }
    let status = Rect(x: 0, y: area.height - 1, width: area.width, height: 1)
    if let filter {
      buffer.fill(status, with: .blank(theme[.background]))
      buffer.setString("/", x: 0, y: status.y, width: 1, style: theme[.accent])
      var field = filter
      TextField(theme: theme).render(
        in: Rect(x: 1, y: status.y, width: max(0, area.width - 1), height: 1), buffer: &buffer, state: &field)
    } else {
      StatusBar(
        hints: [
          KeyHint(keys: "Enter", description: "Open"), KeyHint(keys: "/", description: "Filter"),
          KeyHint(keys: "?", description: "Help"), KeyHint(keys: "q", description: "Quit"),
        ], theme: theme
      )
      .render(in: status, buffer: &buffer)
    }
    if showsHelp {
      HelpOverlay(sections: [HelpSection(title: "Connections", hints: Self.hints)], theme: theme)
        .render(in: Rect(x: 0, y: 1, width: area.width, height: max(0, area.height - 2)), buffer: &buffer)
    }
  }
}
