import TerminalCore

/// Key bindings as data: a named, ordered list of `KeyBinding`s. Pages declare their own
/// map and layer it over the global one with `then`, so the page's bindings win and the
/// global ones still work.
///
/// ```swift
/// let keys = pageKeys.then(globalKeys)
/// if let action = keys.action(for: event) { … }
/// ```
public struct KeyMap<Action: Sendable>: Sendable {
  /// The section name in help (`Global`, `Table`).
  public var name: String
  /// Bindings in lookup (and display) order.
  public var bindings: [KeyBinding<Action>]

  /// Creates a key map.
  public init(_ name: String, _ bindings: [KeyBinding<Action>]) {
    self.name = name
    self.bindings = bindings
  }

  /// The action bound to `event`, looking at bindings in order.
  public func action(for event: KeyEvent) -> Action? {
    bindings.first { $0.keys.contains(event) }?.action
  }

  /// The binding `event` finds, looking at bindings in order.
  public func binding(for event: KeyEvent) -> KeyBinding<Action>? {
    bindings.first { $0.keys.contains(event) }
  }

  /// The map without the bindings whose permission `isAllowed` refuses (bindings that need
  /// none stay).
  public func permitted(by isAllowed: (String) -> Bool) -> KeyMap<Action> {
    KeyMap(name, bindings.filter { $0.permission.map(isAllowed) ?? true })
  }

  /// The same bindings sending another action (a page that embeds another).
  public func map<Other: Sendable>(_ transform: (Action) -> Other) -> KeyMap<Other> {
    KeyMap<Other>(name, bindings.map { $0.map(transform) })
  }

  /// This map's bindings followed by `fallback`'s (this map wins on conflicts); the name
  /// stays this map's.
  public func then(_ fallback: KeyMap<Action>) -> KeyMap<Action> {
    KeyMap(name, bindings + fallback.bindings)
  }

  /// The bindings named `names`, in this map's order: a page's keys for one of its states,
  /// picked from all it has.
  public func only(_ names: Set<String>) -> KeyMap<Action> {
    KeyMap(name, bindings.filter { names.contains($0.name) })
  }

  /// The map with the binding named `name` changed (its description, whether it is shown).
  public func updating(_ bindingName: String, _ change: (inout KeyBinding<Action>) -> Void) -> KeyMap<Action> {
    var map = self
    for index in map.bindings.indices where map.bindings[index].name == bindingName {
      change(&map.bindings[index])
    }
    return map
  }

  /// The map without `keys` (a binding left with none goes).
  public func removing(keys: Set<KeyEvent>) -> KeyMap<Action> {
    var map = self
    for index in map.bindings.indices { map.bindings[index].keys.removeAll(where: keys.contains) }
    map.bindings.removeAll { $0.keys.isEmpty }
    return map
  }

  /// Hints for the status bar: shown bindings only, first binding per description.
  public var shownHints: [KeyHint] {
    var seen = Set<String>()
    return bindings.filter { $0.shown && seen.insert($0.description).inserted }.map(\.hint)
  }

  /// Every binding as a hint with its name, for the help overlay.
  public var allHints: [KeyHint] { bindings.map(\.namedHint) }

  /// This map as a help section.
  public var helpSection: HelpSection { HelpSection(title: name, hints: allHints) }

  /// This map as a help section titled with the config.toml table that rebinds its keys
  /// (`List · [keys.list]`).
  public func helpSection(configTable: String) -> HelpSection {
    HelpSection(title: name + " · [" + configTable + "]", hints: allHints)
  }
}

/// Moves within a list, table or text: what arrow keys and vim keys mean everywhere.
public enum NavigationAction: Hashable, Sendable {
  /// One row up.
  case up
  /// One row down.
  case down
  /// One column left.
  case left
  /// One column right.
  case right
  /// Half a screen up.
  case halfPageUp
  /// Half a screen down.
  case halfPageDown
  /// A screen up.
  case pageUp
  /// A screen down.
  case pageDown
  /// The first row.
  case top
  /// The last row.
  case bottom
}

extension KeyMap where Action == NavigationAction {
  /// Arrows, PgUp/PgDn, Home/End and the vim keys `h j k l`, `g G`, `Ctrl-D Ctrl-U`
  /// (also `Ctrl-F Ctrl-B` for whole pages).
  public static var navigation: KeyMap<NavigationAction> {
    KeyMap(
      "Navigation",
      [
        KeyBinding([KeyEvent(.up), .char("k")], .up, "Up", shown: false),
        KeyBinding([KeyEvent(.down), .char("j")], .down, "Down", shown: false),
        KeyBinding([KeyEvent(.left), .char("h")], .left, "Left", shown: false),
        KeyBinding([KeyEvent(.right), .char("l")], .right, "Right", shown: false),
        KeyBinding([KeyEvent(.pageUp), .ctrl("b")], .pageUp, "Page up", shown: false),
        KeyBinding([KeyEvent(.pageDown), .ctrl("f")], .pageDown, "Page down", shown: false),
        KeyBinding(.ctrl("u"), .halfPageUp, "Half page up", shown: false),
        KeyBinding(.ctrl("d"), .halfPageDown, "Half page down", shown: false),
        KeyBinding([KeyEvent(.home), .char("g")], .top, "First", shown: false),
        KeyBinding([KeyEvent(.end), .char("G")], .bottom, "Last", shown: false),
      ])
  }
}
