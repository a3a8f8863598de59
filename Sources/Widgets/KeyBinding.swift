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
  /// What the binding is to the status bar: where its hint goes, and whether it cancels.
  public var role: KeyRole
  /// The permission the binding needs (a rule key such as `allowsExport`), nil for none:
  /// where it is refused the binding is neither shown nor carried out.
  public var permission: String?
  /// The name config.toml rebinds it by (`[keys.list] new = "c"`): given, or the action's
  /// innermost case name (`.row(.delete)` → `delete`), worked out only when asked.
  public var name: String { givenName ?? KeyBindingName.derived(from: action) }
  private var givenName: String?

  /// A binding for one or more keys.
  public init(
    _ keys: [KeyEvent], _ action: Action, _ description: String, shown: Bool = true, role: KeyRole = .plain,
    permission: String? = nil, name: String? = nil
  ) {
    self.keys = keys
    self.action = action
    self.description = description
    self.shown = shown
    self.role = role
    self.permission = permission
    self.givenName = name
  }

  /// A binding for one key.
  public init(
    _ key: KeyEvent, _ action: Action, _ description: String, shown: Bool = true, role: KeyRole = .plain,
    permission: String? = nil, name: String? = nil
  ) {
    self.init([key], action, description, shown: shown, role: role, permission: permission, name: name)
  }

  /// The same binding sending another action (a page that embeds another).
  public func map<Other: Sendable>(_ transform: (Action) -> Other) -> KeyBinding<Other> {
    KeyBinding<Other>(
      keys, transform(action), description, shown: shown, role: role, permission: permission, name: givenName)
  }

  /// The key names joined with `/` (`↓/j`).
  public var keyLabel: String { keys.map(\.description).joined(separator: "/") }

  /// The hint for this binding.
  public var hint: KeyHint { KeyHint(keys: keyLabel, description: description, role: role) }

  /// The hint with the binding's name, for help (which says what config.toml rebinds).
  public var namedHint: KeyHint {
    var hint = hint
    hint.name = name
    return hint
  }
}

/// A key and what it does, as shown in the status bar and the help overlay.
public struct KeyHint: Hashable, Sendable {
  /// The key names (`↓/j`, `Ctrl-D`).
  public var keys: String
  /// What they do.
  public var description: String
  /// Where the status bar puts it.
  public var role: KeyRole
  /// The binding's name in config.toml (`new`), shown in help; nil for none.
  public var name: String?

  /// Creates a hint.
  public init(keys: String, description: String, role: KeyRole = .plain) {
    self.keys = keys
    self.description = description
    self.role = role
  }
}

/// What a binding is to the status bar, which reads left to right: a page's own keys, the
/// app's, then the one that opens the selection and the one that goes back; a page whose
/// keys include a cancel gets no extra `Esc Cancel` while it loads.
public enum KeyRole: Hashable, Sendable {
  /// A key of its own, in the order given.
  case plain
  /// Opens the selection (`Enter`): after the app's keys.
  case open
  /// Goes back (`Esc`): last.
  case back
  /// Cancels what the page is doing (`Esc` on a chooser or a dialog).
  case cancel
  /// Opens help (`?`): in its place, but kept when the bar is too short for every key.
  case help
}
