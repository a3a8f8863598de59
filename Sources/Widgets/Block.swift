import TerminalCore
import Theming

/// A box with an optional title, drawn with Unicode box characters. `inner(_:)` gives the
/// area inside the border. The border of a focused block uses `focused-border` and its
/// title is bold.
public struct Block: Widget, Sendable {
  /// The title in the top border.
  public var title: String?
  /// Whether the block has the focus.
  public var focused: Bool
  /// The role that fills the inside.
  public var fill: ThemeRole
  /// The theme.
  public var theme: Theme

  /// Creates a block.
  public init(title: String? = nil, focused: Bool = false, fill: ThemeRole = .surface, theme: Theme) {
    self.title = title
    self.focused = focused
    self.fill = fill
    self.theme = theme
  }

  /// The area inside the border.
  public func inner(_ area: Rect) -> Rect { area.inset(by: 1) }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard area.width >= 2, area.height >= 2 else { return }
    buffer.fill(area, with: .blank(theme[fill]))
    let border = theme[focused ? .focusedBorder : .border].background(theme[fill].background)
    let horizontal = String(repeating: "─", count: area.width - 2)
    buffer.setString("╭" + horizontal + "╮", x: area.x, y: area.y, style: border)
    buffer.setString("╰" + horizontal + "╯", x: area.x, y: area.bottom - 1, style: border)
    for y in area.y + 1..<area.bottom - 1 {
      buffer.setString("│", x: area.x, y: y, style: border)
      buffer.setString("│", x: area.right - 1, y: y, style: border)
    }
    if let title, area.width > 4 {
      var style = theme[.title].background(theme[fill].background)
      if focused { style = style.adding(.bold) }
      let text = " " + title.truncated(toWidth: area.width - 6) + " "
      buffer.setString(text, x: area.x + 2, y: area.y, style: style)
    }
  }
}
