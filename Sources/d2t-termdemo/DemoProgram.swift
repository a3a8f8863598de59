import Foundation
import TerminalCore
import Theming
import Widgets

/// The demo's actions, bound to keys as data.
enum DemoAction: Sendable {
  case quit, switchFocus, search, help
}

/// The demo's state and behaviour.
struct DemoProgram: TerminalProgram {
  static let environment = ProcessInfo.processInfo.environment
  static let films =
    [
      "ACADEMY DINOSAUR", "ACE GOLDFINGER", "ADAPTATION HOLES", "AFFAIR PREJUDICE",
      "AFRICAN EGG", "AGENT TRUMAN", "AIRPLANE SIERRA", "AIRPORT POLLOCK", "ALABAMA DEVIL",
      "ALADDIN CALENDAR", "七人の侍", "東京物語", "Amélie", "ALI FOREVER", "ALIEN CENTER",
    ] + (1...200).map { "FILM \($0)" }
  static let columns = [
    TableColumn("ID", alignment: .right), TableColumn("Customer"), TableColumn("Rented"),
    TableColumn("Amount", alignment: .right),
  ]

  let theme: Theme
  var focus = 0
  var films = ScrollState()
  var rentals = TableState()
  var search = TextFieldState(maxLength: 40)
  var editingSearch = false
  var showHelp = false
  var events = 0
  var size = Size.zero

  var keys: KeyMap<DemoAction> {
    KeyMap(
      "Demo",
      [
        KeyBinding(.char("q"), .quit, "Quit"),
        KeyBinding(KeyEvent(.tab), .switchFocus, "Focus"),
        KeyBinding(.char("/"), .search, "Search"),
        KeyBinding([.char("?"), KeyEvent(.function(1))], .help, "Help"),
      ])
  }

  init(theme: Theme) {
    self.theme = theme
  }

  func rental(_ row: Int, _ column: Int) -> String {
    switch column {
    case 0: return "\(row + 1)"
    case 1: return ["山田太郎", "Mary Smith", "Zoë Ångström", "Bob"][row % 4]
    case 2: return "2005-05-\(String(format: "%02d", row % 28 + 1))"
    default: return String(format: "%.2f", Double(row % 9) + 0.99)
    }
  }

  mutating func update(_ event: InputEvent) -> ProgramStep {
    events += 1
    switch event {
    case .resize(let newSize):
      size = newSize
    case .paste(let text):
      if editingSearch { search.paste(text) }
    case .mouse(let mouse):
      if case .wheelDown = mouse.kind {
        films.apply(.down, count: DemoProgram.films.count, pageSize: 1)
      }
      if case .wheelUp = mouse.kind {
        films.apply(.up, count: DemoProgram.films.count, pageSize: 1)
      }
    case .key(let key):
      if editingSearch {
        if key.key == .enter || key.key == .escape {
          editingSearch = false
        } else {
          _ = search.handle(key)
        }
        return .continue
      }
      if showHelp {
        showHelp = false
        return .continue
      }
      if let action = keys.action(for: key) {
        switch action {
        case .quit: return .quit
        case .switchFocus: focus = 1 - focus
        case .search: editingSearch = true
        case .help: showHelp = true
        }
      } else if let move = KeyMap<NavigationAction>.navigation.action(for: key) {
        if focus == 0 {
          films.apply(move, count: DemoProgram.films.count, pageSize: 10)
        } else {
          rentals.apply(move, rowCount: 60, columnCount: DemoProgram.columns.count, pageSize: 10)
        }
      }
    }
    return .continue
  }

  mutating func view(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    let rows = Layout(.vertical, [.length(1), .length(1), .fill(1), .length(1)]).split(area)
    buffer.setString(
      " d2t terminal demo · \(area.width)x\(area.height) · events \(events)", x: 0, y: rows[0].y,
      width: area.width, style: theme[.title])
    buffer.setString("Search: ", x: 0, y: rows[1].y, style: theme[.header])
    TextField(placeholder: "press / to search", focused: editingSearch, theme: theme)
      .render(
        in: Rect(x: 8, y: rows[1].y, width: max(0, area.width - 8), height: 1), buffer: &buffer,
        state: &search)
    let split = SplitPane(
      sizing: .proportional(35), titles: ("Films", "Rentals"), focusedPane: focus, theme: theme)
    split.render(in: rows[2], buffer: &buffer)
    let (left, right) = split.contentAreas(in: rows[2])
    ListView(count: DemoProgram.films.count, focused: focus == 0, theme: theme) {
      DemoProgram.films[$0]
    }
    .render(in: left, buffer: &buffer, state: &films)
    Table(
      columns: DemoProgram.columns, rowCount: 60, focused: focus == 1, theme: theme, cell: rental
    )
    .render(in: right, buffer: &buffer, state: &rentals)
    StatusBar(
      message: "selected: \(DemoProgram.films[films.selected ?? 0])", hints: keys.shownHints,
      theme: theme
    )
    .render(in: rows[3], buffer: &buffer)
    if showHelp {
      HelpOverlay(
        sections: [keys.helpSection, KeyMap<NavigationAction>.navigation.helpSection], theme: theme
      )
      .render(in: area, buffer: &buffer)
    }
  }
}
