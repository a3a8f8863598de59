/// Something that draws itself into a buffer region. Widgets are cheap values rebuilt
/// every frame; they never touch a terminal.
public protocol Widget {
  /// Draws into `area` of `buffer` (and nowhere else).
  func render(in area: Rect, buffer: inout Buffer)
}

/// A widget whose state (selection, scroll offset, cursor) is owned by the application and
/// passed in on each frame. Rendering may adjust the state, e.g. to scroll the selection
/// into view.
public protocol StatefulWidget {
  /// The application-owned state.
  associatedtype State
  /// Draws into `area` of `buffer`, adjusting `state` as needed.
  func render(in area: Rect, buffer: inout Buffer, state: inout State)
}

extension Buffer {
  /// Renders a widget into `area`.
  public mutating func render(_ widget: some Widget, in area: Rect) {
    widget.render(in: area, buffer: &self)
  }

  /// Renders a stateful widget into `area`.
  public mutating func render<W: StatefulWidget>(_ widget: W, in area: Rect, state: inout W.State) {
    widget.render(in: area, buffer: &self, state: &state)
  }
}
