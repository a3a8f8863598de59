/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// Primary button.
  case left
  /// Middle button.
  case middle
  /// Secondary button.
  case right
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A button was pressed (or clicked).
    case press(MouseButton)
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What happened.
  public var kind: Kind
  /// The cell under the pointer.
  public var position: Point

  /// Creates a mouse event.
  public init(_ kind: Kind, at position: Point) {
    self.kind = kind
    self.position = position
  }
}

/// Anything the user does that a program reacts to.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyEvent)
  /// Text pasted in one go (bracketed paste), newlines included.
  case paste(String)
  /// A mouse click or wheel turn.
  case mouse(MouseEvent)
  /// The terminal now has this size.
  case resize(Size)
}
