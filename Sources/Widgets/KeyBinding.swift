import TerminalCore

/// One key binding: the keys that trigger an action, a description for hints and help,
/// and whether the status bar shows it.
public struct KeyBinding<Action: Sendable>: Sendable {
  /// The keys (e.g. `↓` and `j`); the first is the one shown in hints.
  public var keys: [KeyEvent]
  /// What the keys do.
  public var action: Action
  /// A short description (`Quit`, `Search`).
  public var description: String
  /// Shown in the status bar's key hints (help always shows every binding).
  public var shown: Bool

  /// A binding for one or more keys.
  public init(_ keys: [KeyEvent], _ action: Action, _ description: String, shown: Bool = true) {
    self.keys = keys
    self.action = action
    self.description = description
    self.shown = shown
  }

  /// A binding for one key.
  public init(_ key: KeyEvent, _ action: Action, _ description: String, shown: Bool = true) {
    self.init([key], action, description, shown: shown)
  }

  /// The key names joined with `/` (`↓/j`).
  public var keyLabel: String { keys.map(\.description).joined(separator: "/") }

  /// The hint for this binding.
  public var hint: KeyHint { KeyHint(keys: keyLabel, description: description) }
}

/// A key and what it does, as shown in the status bar and the help overlay.
public struct KeyHint: Hashable, Sendable {
  /// The key names (`↓/j`, `Ctrl-D`).
  public var keys: String
  /// What they do.
  public var description: String

  /// Creates a hint.
  public init(keys: String, description: String) {
    self.keys = keys
    self.description = description
  }
}
