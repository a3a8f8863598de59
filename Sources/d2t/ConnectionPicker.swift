import Config
import Foundation
import TerminalCore
import Theming
import Widgets

/// The first screen when config.toml names connections: the named ones, the recent ones
/// and the demo; Enter opens one, q or Esc quits.
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

  mutating func update(_ event: InputEvent) -> ProgramStep {
    guard case .key(let key) = event else { return .continue }
    switch key.key {
    case .enter, .right:
      chosen = scroll.selected.map { items[$0] }
      return .quit
    case .escape, .character("q"):
      return .quit
    case .up, .character("k"): scroll.apply(.up, count: items.count, pageSize: 10)
    case .down, .character("j"): scroll.apply(.down, count: items.count, pageSize: 10)
    case .home, .character("g"): scroll.apply(.top, count: items.count, pageSize: 10)
    case .end, .character("G"): scroll.apply(.bottom, count: items.count, pageSize: 10)
    default: break
    }
    return .continue
  }

  func view(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    buffer.setString(" d2t · choose a connection", x: 0, y: 0, width: area.width, style: theme[.title])
    let box = Rect(x: 0, y: 1, width: area.width, height: max(0, area.height - 2))
    let block = Block(title: "Connections", focused: true, theme: theme)
    block.render(in: box, buffer: &buffer)
    var state = scroll
    let items = items
    ListView(count: items.count, focused: true, showsPosition: false, theme: theme) { items[$0].label }
      .render(in: block.inner(box), buffer: &buffer, state: &state)
    StatusBar(
      hints: [KeyHint(keys: "Enter", description: "Open"), KeyHint(keys: "q", description: "Quit")], theme: theme
    )
    .render(in: Rect(x: 0, y: area.height - 1, width: area.width, height: 1), buffer: &buffer)
  }
}
