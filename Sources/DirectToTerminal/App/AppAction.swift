import TerminalCore
import Widgets

/// What a key means to the app, after the key maps.
enum AppAction: Hashable, Sendable {
  case quit
  case help
  case debug
  case reloadRules
  case focusNext
  case focusPrevious
  case back
  case forward
  case navigate(NavigationAction)
  case previousColumn
  case nextColumn
  case search
  case filter
  case sortAscending
  case sortDescending
  case refresh
  case edit
  case insert
  case delete
  case undo
  case logout
}

/// The key bindings of d2t, as data: shown in the status bar and the help overlay.
enum AppKeys {
  static let global = KeyMap<AppAction>("Global", [
    KeyBinding(.char("q"), .quit, "Quit"),
    KeyBinding(.char("?"), .help, "Help"),
    KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .forward, "Open"),
    KeyBinding([KeyEvent(.escape), KeyEvent(.left), .char("h"), KeyEvent(.backspace)], .back, "Back"),
    KeyBinding(KeyEvent(.tab), .focusNext, "Next pane", shown: false),
    KeyBinding(KeyEvent(.backTab), .focusPrevious, "Previous pane", shown: false),
    KeyBinding(KeyEvent(.function(12)), .debug, "Debug overlay", shown: false),
    KeyBinding(.ctrl("r"), .reloadRules, "Reload rule files", shown: false),
    KeyBinding(.ctrl("o"), .logout, "Log out", shown: false),
  ])

  static let editing = KeyMap<AppAction>("Changing rows", [
    KeyBinding(.char("e"), .edit, "Edit"),
    KeyBinding(.char("n"), .insert, "New"),
    KeyBinding(.char("d"), .delete, "Delete"),
    KeyBinding(.char("u"), .undo, "Undo", shown: false),
  ])

  /// The edit page's keys, for the status bar and help (handled by the edit page itself).
  static let editPage = KeyMap<AppAction>("Edit page", [
    KeyBinding(.ctrl("s"), .refresh, "Save"),
    KeyBinding(KeyEvent(.escape), .back, "Close"),
    KeyBinding([KeyEvent(.tab), KeyEvent(.down)], .navigate(.down), "Next field"),
    KeyBinding([KeyEvent(.backTab), KeyEvent(.up)], .navigate(.up), "Previous field", shown: false),
    KeyBinding(.ctrl("n"), .refresh, "Set null (∅)"),
    KeyBinding(.ctrl("u"), .refresh, "Clear field", shown: false),
    KeyBinding(KeyEvent(.enter), .forward, "Choose (to-one)", shown: false),
  ])

  static let login = KeyMap<AppAction>("Login", [
    KeyBinding(KeyEvent(.tab), .focusNext, "Next field"),
    KeyBinding(KeyEvent(.enter), .forward, "Log in"),
    KeyBinding(KeyEvent(.escape), .quit, "Quit"),
  ])

  static let navigation = KeyMap<AppAction>("Moving", [
    KeyBinding([KeyEvent(.up), .char("k")], .navigate(.up), "Up", shown: false),
    KeyBinding([KeyEvent(.down), .char("j")], .navigate(.down), "Down", shown: false),
    KeyBinding([KeyEvent(.pageUp), .ctrl("b")], .navigate(.pageUp), "Page up", shown: false),
    KeyBinding([KeyEvent(.pageDown), .ctrl("f")], .navigate(.pageDown), "Page down", shown: false),
    KeyBinding(.ctrl("u"), .navigate(.halfPageUp), "Half a page up", shown: false),
    KeyBinding(.ctrl("d"), .navigate(.halfPageDown), "Half a page down", shown: false),
    KeyBinding([KeyEvent(.home), .char("g")], .navigate(.top), "First row", shown: false),
    KeyBinding([KeyEvent(.end), .char("G")], .navigate(.bottom), "Last row", shown: false),
  ])

  static let queryList = KeyMap<AppAction>("List", [
    KeyBinding(.char("/"), .search, "Search"),
    KeyBinding(.char("\\"), .filter, "Filter"),
    KeyBinding(.char("s"), .sortAscending, "Sort ↑"),
    KeyBinding(.char("S"), .sortDescending, "Sort ↓", shown: false),
    KeyBinding([.char("<"), .char("[")], .previousColumn, "Previous column", shown: false),
    KeyBinding([.char(">"), .char("]")], .nextColumn, "Next column", shown: false),
    KeyBinding([.char("r"), KeyEvent(.function(5))], .refresh, "Reload", shown: false),
  ])

  static let inspect = KeyMap<AppAction>("Inspector", [
    KeyBinding([.char("r"), KeyEvent(.function(5))], .refresh, "Reload", shown: false),
  ])

  /// The bindings active on a page, page bindings first.
  static func map(for content: PageContent?) -> KeyMap<AppAction> {
    switch content {
    case .query?: return queryList.then(editing).then(navigation).then(global)
    case .inspect?: return inspect.then(editing).then(navigation).then(global)
    case .edit?: return editPage
    case .login?: return login
    default: return navigation.then(global)
    }
  }

  /// Help sections for the help overlay.
  static var helpSections: [HelpSection] {
    [
      global.helpSection, navigation.helpSection, queryList.helpSection, editing.helpSection,
      editPage.helpSection, inspect.helpSection,
    ]
  }
}
