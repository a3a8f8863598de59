import TerminalCore
import Theming

/// Two bordered panes side by side (or stacked), sized by a fixed size of the first pane
/// or by a percentage. The focused pane's border uses `focused-border`.
public struct SplitPane: Widget {
  /// How the space is shared.
  public enum Sizing: Hashable, Sendable {
    /// The first pane gets exactly this many cells; the second the rest.
    case fixed(Int)
    /// The first pane gets this percentage; the second the rest.
    case proportional(Int)
  }

  /// Side by side (`.horizontal`) or stacked (`.vertical`).
  public var axis: Axis
  /// How the space is shared.
  public var sizing: Sizing
  /// The titles of the two panes.
  public var titles: (String?, String?)
  /// The focused pane: 0, 1, or nil for neither.
  public var focusedPane: Int?
  /// The theme.
  public var theme: Theme

  /// Creates a split pane.
  public init(
    _ axis: Axis = .horizontal, sizing: Sizing = .proportional(50),
    titles: (String?, String?) = (nil, nil), focusedPane: Int? = 0, theme: Theme
  ) {
    self.axis = axis
    self.sizing = sizing
    self.titles = titles
    self.focusedPane = focusedPane
    self.theme = theme
  }

  /// The two pane rectangles (borders included).
  public func panes(in area: Rect) -> (Rect, Rect) {
    let first: Constraint
    switch sizing {
    case .fixed(let n): first = .length(n)
    case .proportional(let p): first = .percentage(p)
    }
    let parts = Layout(axis, [first, .fill(1)]).split(area)
    return (parts[0], parts[1])
  }

  /// The two areas inside the borders, where the panes' content goes.
  public func contentAreas(in area: Rect) -> (Rect, Rect) {
    let (a, b) = panes(in: area)
    return (a.inset(by: 1), b.inset(by: 1))
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let (a, b) = panes(in: area)
    Block(title: titles.0, focused: focusedPane == 0, theme: theme).render(in: a, buffer: &buffer)
    Block(title: titles.1, focused: focusedPane == 1, theme: theme).render(in: b, buffer: &buffer)
  }
}
