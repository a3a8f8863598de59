import TerminalCore
import Theming
import Widgets

extension Spinner {
  /// The spinner in a pane's corner once work has run for 150 ms.
  static func draw(
    since: ContinuousClock.Instant, in area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard context.now - since >= .milliseconds(150), area.width > 12 else { return }
    Spinner(tick: context.tick, label: "loading", theme: context.theme)
      .render(in: Rect(x: area.right - 11, y: area.y, width: 11, height: 1), buffer: &buffer)
  }
}
