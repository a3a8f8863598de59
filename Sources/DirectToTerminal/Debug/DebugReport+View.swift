import Access
import Foundation
import Rules
import TerminalCore
import Theming
import Widgets

extension DebugReport {
  /// The overlay, scrolled to `scroll`; the title says which lines show when
  /// they do not all fit.
  func draw(in area: Rect, scroll: Int, theme: Theme, buffer: inout Buffer) {
    let lines = rows(width: max(0, area.width - 2))
    let height = max(0, area.height - 2)
    let first = min(scroll, max(0, lines.count - height))
    var title = "Debug (F12)"
    if lines.count > height, height > 0 {
      title += " \(first + 1)–\(min(lines.count, first + height)) of \(lines.count)"
    }
    let block = Block(title: title, focused: false, fill: .panel, theme: theme)
    block.render(in: area, buffer: &buffer)
    let inner = block.inner(area)
    var y = inner.y
    for line in lines.dropFirst(first) {
      guard y < inner.bottom else { break }
      buffer.setString(line.text, x: inner.x, y: y, width: inner.width, style: theme[line.role])
      y += 1
    }
  }
}
