import TerminalCore
import Theming

/// A titled group of key hints in the help overlay (one per key map).
public struct HelpSection: Hashable, Sendable {
  /// The section title (`Global`, `Table`).
  public var title: String
  /// The keys and what they do.
  public var hints: [KeyHint]

  /// Creates a section.
  public init(title: String, hints: [KeyHint]) {
    self.title = title
    self.hints = hints
  }
}

/// A centred panel listing every key binding, generated from key maps
/// (`keyMap.helpSection`). `scroll` is the first line shown when it does not fit.
public struct HelpOverlay: Widget {
  /// The sections, in order.
  public var sections: [HelpSection]
  /// Lines scrolled off the top.
  public var scroll: Int
  /// The theme.
  public var theme: Theme

  /// Creates a help overlay.
  public init(sections: [HelpSection], scroll: Int = 0, theme: Theme) {
    self.sections = sections
    self.scroll = scroll
    self.theme = theme
  }

  enum Line {
    case title(String)
    case hint(KeyHint)
    case gap
  }

  var lines: [Line] {
    var lines: [Line] = []
    for section in sections where !section.hints.isEmpty {
      if !lines.isEmpty { lines.append(.gap) }
      lines.append(.title(section.title))
      lines += section.hints.map(Line.hint)
    }
    return lines
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let lines = self.lines
    let keyWidth = min(20, sections.flatMap(\.hints).map(\.keys.displayWidth).max() ?? 0)
    let textWidth = sections.flatMap(\.hints).map(\.description.displayWidth).max() ?? 0
    let nameWidth = sections.flatMap(\.hints).compactMap { $0.name?.displayWidth }.max().map { $0 + 2 } ?? 0
    let width = min(area.width, max(keyWidth + textWidth + nameWidth + 7, 24))
    let height = min(area.height, lines.count + 2)
    let box = area.centered(Size(width: width, height: height))
    let scrolls = lines.count + 2 > height
    let block = Block(
      title: scrolls ? "Help · ↑↓ scroll · Esc closes" : "Help · Esc closes", focused: true, fill: .panel,
      theme: theme)
    block.render(in: box, buffer: &buffer)
    let inner = block.inner(box).inset(by: EdgeInsets(horizontal: 1))
    let first = min(max(0, scroll), max(0, lines.count - inner.height))
    if scrolls {
      // Where the list goes on: `↓ 5 more` on the bottom border, `↑` when lines are above.
      let below = lines.count - first - inner.height
      let mark = (first > 0 ? "↑ " : "") + (below > 0 ? "↓ \(below) more" : "end")
      buffer.setString(
        " " + mark + " ", x: box.right - mark.displayWidth - 4, y: box.bottom - 1,
        style: theme[.keyHint].background(theme[.panel].background))
    }
    let panel = theme[.panel]
    for (row, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
      let y = inner.y + row
      switch line {
      case .title(let title):
        buffer.setString(
          title, x: inner.x, y: y, width: inner.width,
          style: theme[.header].background(panel.background))
      case .hint(let hint):
        buffer.setString(
          hint.keys, x: inner.x, y: y, width: keyWidth,
          style: theme[.keyHint].background(panel.background))
        let textRoom = max(0, inner.width - keyWidth - 2 - nameWidth)
        buffer.setString(hint.description, x: inner.x + keyWidth + 2, y: y, width: textRoom, style: panel)
        if let name = hint.name, nameWidth > 0 {
          buffer.setString(
            name, x: inner.right - nameWidth + 2, y: y, width: nameWidth - 2,
            style: theme[.muted].background(panel.background))
        }
      case .gap:
        break
      }
    }
  }
}
