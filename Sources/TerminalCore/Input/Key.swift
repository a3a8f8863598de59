/// A key on the keyboard, without modifiers.
public enum Key: Hashable, Sendable {
  /// A printable character (a letter for Ctrl- and Alt- combinations, lower case).
  case character(Character)
  /// Enter / Return.
  case enter
  /// Escape.
  case escape
  /// Tab (Shift-Tab is `backTab`).
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace.
  case backspace
  /// Delete (forward).
  case delete
  /// Insert.
  case insert
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Function key F1–F12 (the number).
  case function(Int)
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Control.
  public static let control = KeyModifiers(rawValue: 1)
  /// Alt / Meta (sent as an Escape prefix).
  public static let alt = KeyModifiers(rawValue: 2)
  /// Shift (only reported for keys whose shifted form has no character of its own).
  public static let shift = KeyModifiers(rawValue: 4)
}
