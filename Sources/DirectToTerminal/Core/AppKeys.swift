import TerminalCore
import Widgets

/// What a key means to the app as a whole, after the focused page had its chance.
enum AppAction: String, Hashable, Sendable, CaseIterable {
  case quit
  case help
  case debug
  case reloadRules
  case focusNext
  case focusPrevious
  case back
  case undo
  case redo
  case journal
  case logout
  case console
  case assistant
}

/// The app's key bindings, as data: shown in the status bar and the help overlay.
enum AppKeys {
  static let global = KeyMap<AppAction>(
    "Global",
    [
      KeyBinding(.char("q"), .quit, "Quit"),
      KeyBinding([.char("?"), KeyEvent(.function(1))], .help, "Help", role: .help),
      KeyBinding([KeyEvent(.escape), KeyEvent(.left), .char("h"), KeyEvent(.backspace)], .back, "Back", role: .back),
      KeyBinding(.char(":"), .console, "SQL console", shown: false, permission: PermissionKey.allowsConsole.rawValue),
      KeyBinding(
        [.char("A"), KeyEvent(.function(2))], .assistant, "Assistant (writes rules)",
        shown: false, permission: PermissionKey.allowsAssistant.rawValue),
      KeyBinding(.char("u"), .undo, "Undo the last change", shown: false),
      KeyBinding(.char("U"), .redo, "Redo the change undone last", shown: false),
      KeyBinding(.char("J"), .journal, "Journal of this session's changes", shown: false),
      KeyBinding(KeyEvent(.tab), .focusNext, "Next pane", shown: false),
      KeyBinding(KeyEvent(.backTab), .focusPrevious, "Previous pane", shown: false),
      KeyBinding(KeyEvent(.function(12)), .debug, "Debug overlay", shown: false),
      KeyBinding(.ctrl("r"), .reloadRules, "Reload rule files", shown: false),
      KeyBinding(.ctrl("o"), .logout, "Log out", shown: false),
    ])

  /// The global keys with the config file's overrides (action name → keys) in place of
  /// their defaults. No override can leave d2t without a key that quits or opens help: a
  /// key that every page reads first (F1, F2, F12) or the browsing pages take (`/`, `j`) is
  /// not given to quit or help, which keep their defaults when nothing else is left, and
  /// their keys are taken from any other action given them too.
  static func global(overriding overrides: [String: [KeyEvent]]) -> KeyMap<AppAction> {
    var bindings = global.bindings.map { binding in
      guard let keys = overrides[binding.action.rawValue], !keys.isEmpty else { return binding }
      var overridden = binding
      overridden.keys = keys
      if binding.action == .quit || binding.action == .help {
        overridden.keys.removeAll { reservedForQuitAndHelp($0, action: binding.action) }
        if overridden.keys.isEmpty { return binding }
      }
      return overridden
    }
    let vital = Set(bindings.filter { $0.action == .quit || $0.action == .help }.flatMap(\.keys))
    for index in bindings.indices where bindings[index].action != .quit && bindings[index].action != .help {
      bindings[index].keys.removeAll(where: vital.contains)
    }
    return KeyMap("Global", bindings.filter { !$0.keys.isEmpty })
  }

  /// Keys quit or help cannot have: those every page reads before the app (F1, F2, F12)
  /// unless it is help's own F1, and those the list, inspector or entity list take first.
  static func reservedForQuitAndHelp(_ key: KeyEvent, action: AppAction) -> Bool {
    if let always = Self.always.action(for: key) { return always != action }
    return browsingKeys.contains(key)
  }

  /// The keys the pages people browse with (lists, inspectors, the entity list) read before
  /// the app's own.
  static let browsingKeys: Set<KeyEvent> = Set(
    QueryListFeature.keyCatalogue.bindings.flatMap(\.keys) + InspectFeature.keyCatalogue.bindings.flatMap(\.keys)
      + EntityListFeature.keyCatalogue.bindings.flatMap(\.keys))

  /// Keys that work even on pages that take typed text (edit, login).
  static let always = KeyMap<AppAction>(
    "Global",
    [
      KeyBinding(KeyEvent(.function(12)), .debug, "Debug overlay", shown: false),
      KeyBinding(KeyEvent(.function(1)), .help, "Help", shown: false),
      KeyBinding(
        KeyEvent(.function(2)), .assistant, "Assistant", shown: false,
        permission: PermissionKey.allowsAssistant.rawValue),
    ])

  static let navigation = KeyMap<NavigationAction>(
    "Moving",
    [
      KeyBinding([KeyEvent(.up), .char("k")], .up, "Up", shown: false),
      KeyBinding([KeyEvent(.down), .char("j")], .down, "Down", shown: false),
      KeyBinding([KeyEvent(.pageUp), .ctrl("b")], .pageUp, "Page up", shown: false),
      KeyBinding([KeyEvent(.pageDown), .ctrl("f")], .pageDown, "Page down", shown: false),
      KeyBinding(.ctrl("u"), .halfPageUp, "Half a page up", shown: false),
      KeyBinding(.ctrl("d"), .halfPageDown, "Half a page down", shown: false),
      KeyBinding([KeyEvent(.home), .char("g")], .top, "First row", shown: false),
      KeyBinding([KeyEvent(.end), .char("G")], .bottom, "Last row", shown: false),
    ])

  /// Keys of the help overlay.
  static let help = KeyMap<HelpAction>(
    "Help",
    [
      KeyBinding([KeyEvent(.up), .char("k")], .scroll(-1), "Scroll up"),
      KeyBinding([KeyEvent(.down), .char("j")], .scroll(1), "Scroll down"),
      KeyBinding([KeyEvent(.pageUp)], .scroll(-10), "Page up"),
      KeyBinding([KeyEvent(.pageDown), .char(" ")], .scroll(10), "Page down"),
    ])

  enum HelpAction: Hashable, Sendable {
    case scroll(Int)
  }
}
