import TerminalCore
import Theming

/// An on/off switch: `[x] label` or `[ ] label`. The value is owned by the application;
/// `Toggle.flips(_:)` tells whether a key should flip it.
public struct Toggle: Widget {
  /// The value.
  public var isOn: Bool
  /// The text after the box.
  public var label: String
  /// Whether the toggle has the focus.
  public var focused: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a toggle.
  public init(isOn: Bool, label: String = "", focused: Bool = false, theme: Theme) {
    self.isOn = isOn
    self.label = label
    self.focused = focused
    self.theme = theme
  }

  /// True for the keys that flip a toggle: Space and Enter.
  public static func flips(_ event: KeyEvent) -> Bool {
    event == KeyEvent(.character(" ")) || event == KeyEvent(.enter)
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let style = theme[focused ? .focusedInput : .input]
    let box = isOn ? "[x]" : "[ ]"
    let text = label.isEmpty ? box : box + " " + label
    buffer.setString(text, x: area.x, y: area.y, width: area.width, style: style)
  }
}
