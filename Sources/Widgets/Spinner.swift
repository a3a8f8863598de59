import TerminalCore
import Theming

/// A one-cell activity indicator plus a label (`⠹ Loading customers…`). The application
/// advances `tick` on a timer while slow work runs.
public struct Spinner: Widget {
  /// The animation frames.
  public static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Animation step (any integer; it wraps).
  public var tick: Int
  /// Text after the spinner.
  public var label: String
  /// The theme.
  public var theme: Theme

  /// Creates a spinner.
  public init(tick: Int, label: String = "", theme: Theme) {
    self.tick = tick
    self.label = label
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let frame = Spinner.frames[
      ((tick % Spinner.frames.count) + Spinner.frames.count) % Spinner.frames.count]
    let x = area.x + buffer.setString(frame, x: area.x, y: area.y, style: theme[.accent])
    if !label.isEmpty {
      buffer.setString(
        " " + label, x: x, y: area.y, width: area.width - (x - area.x), style: theme[.muted])
    }
  }
}
