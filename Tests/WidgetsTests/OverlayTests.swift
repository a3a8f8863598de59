import TerminalCore
import Testing
import Theming
import Widgets

enum AppAction: Sendable { case quit, search, help, save }

let global = KeyMap<AppAction>(
  "Global",
  [
    KeyBinding(.char("q"), .quit, "Quit"),
    KeyBinding([.char("?"), KeyEvent(.function(1))], .help, "Help"),
  ])
let page = KeyMap<AppAction>(
  "Table",
  [
    KeyBinding(.char("/"), .search, "Search"),
    KeyBinding(.ctrl("s"), .save, "Save", shown: false),
    KeyBinding(.char("q"), .save, "Overridden"),
  ])

@Test func pageBindingsWinOverGlobalOnes() {
  let keys = page.then(global)
  #expect(keys.action(for: .char("q")) == .save)
  #expect(keys.action(for: KeyEvent(.function(1))) == .help)
  #expect(keys.action(for: .char("x")) == nil)
  #expect(
    global.then(page).shownHints.map(\.description) == ["Quit", "Help", "Search", "Overridden"])
}

@Test(arguments: [
  (60, " q Quit  ?/F1 Help  / Search  q Overridden            12/40 "),
  (30, " q Quit  ?/F1 Help      12/40 "),
])
func statusBarShowsAsManyHintsAsFit(width: Int, expected: String) {
  let buffer = render(width: width, height: 1) { buffer, area in
    StatusBar(hints: global.then(page).shownHints, trailing: "12/40", theme: theme).render(
      in: area, buffer: &buffer)
  }
  #expect(buffer.lines == [expected])
  #expect(buffer[1, 0].style == theme[.keyHint])
}

/// Issue 27 item 2: when the bar is too short, the help hint stays and the keys before it
/// give way (at 80×24 the list used to drop `?/F1 Help`).
@Test func theHelpHintIsKeptWhenKeysDoNotFit() {
  let hints = [
    KeyHint(keys: "/", description: "Search"), KeyHint(keys: "e", description: "Edit"),
    KeyHint(keys: "d", description: "Delete"), KeyHint(keys: "?/F1", description: "Help", role: .help),
  ]
  let buffer = render(width: 36, height: 1) { buffer, area in
    StatusBar(hints: hints, trailing: "row 1", theme: theme).render(in: area, buffer: &buffer)
  }
  #expect(buffer.lines == [" / Search  e Edit  ?/F1 Help  row 1 "])
  let wide = render(width: 60, height: 1) { buffer, area in
    StatusBar(hints: hints, trailing: "row 1", theme: theme).render(in: area, buffer: &buffer)
  }
  #expect(wide.lines == [" / Search  e Edit  d Delete  ?/F1 Help                row 1 "], "in order when all fit")
}

/// Each binding with its name (what config.toml rebinds it by) in a column of its own.
@Test func helpOverlayListsEveryBindingBySection() {
  let buffer = render(width: 40, height: 12) { buffer, area in
    HelpOverlay(sections: [global.helpSection, page.helpSection], theme: theme).render(
      in: area, buffer: &buffer)
  }
  #expect(
    buffer.lines == [
      "                                        ",
      "    ╭─ Help · Esc closes ─────────╮     ",
      "    │ Global                      │     ",
      "    │ q       Quit         quit   │     ",
      "    │ ?/F1    Help         help   │     ",
      "    │                             │     ",
      "    │ Table                       │     ",
      "    │ /       Search       search │     ",
      "    │ Ctrl-S  Save         save   │     ",
      "    │ q       Overridden   save   │     ",
      "    ╰─────────────────────────────╯     ",
      "                                        ",
    ])
}

@Test func confirmDialogIsCentredAndAnswersKeys() {
  var state = DialogState()
  let dialog = Dialog.confirm("Delete", "Delete customer 山田太郎 and 3 rentals?", theme: theme)
  let buffer = render(width: 40, height: 9) { buffer, area in
    dialog.render(in: area, buffer: &buffer, state: &state)
  }
  #expect(
    buffer.lines == [
      "                                        ",
      "╭─ Delete ─────────────────────────────╮",
      "│ Delete customer 山田太郎 and 3       │",
      "│ rentals?                             │",
      "│                                      │",
      "│           [ Yes ]  [ No ]            │",
      "╰──────────────────────────────────────╯",
      "                                        ",
      "                                        ",
    ])
  #expect(buffer[13, 5].style == theme[.focusedButton])
  #expect(state.handle(KeyEvent(.right), buttons: dialog.buttons) == .none)
  #expect(state.handle(KeyEvent(.enter), buttons: dialog.buttons) == .pressed(1))
  #expect(state.handle(.char("y"), buttons: dialog.buttons) == .pressed(0))
  #expect(state.handle(KeyEvent(.escape), buttons: dialog.buttons) == .dismissed)
}

@Test func bannerSpinnerToggleAndSplitPane() {
  let buffer = render(width: 40, height: 8) { buffer, area in
    Banner(.error, "relation \"nope\" does not exist", theme: theme).render(
      in: area.row(0), buffer: &buffer)
    Spinner(tick: 12, label: "Loading customers…", theme: theme).render(
      in: area.row(1), buffer: &buffer)
    Toggle(isOn: true, label: "Active", theme: theme).render(in: area.row(2), buffer: &buffer)
    let split = SplitPane(
      sizing: .fixed(12), titles: ("Tables", "日本"), focusedPane: 1, theme: theme)
    split.render(in: Rect(x: 0, y: 3, width: 40, height: 5), buffer: &buffer)
    let (left, right) = split.contentAreas(in: Rect(x: 0, y: 3, width: 40, height: 5))
    #expect(left == Rect(x: 1, y: 4, width: 10, height: 3))
    #expect(right == Rect(x: 13, y: 4, width: 26, height: 3))
  }
  #expect(
    buffer.lines == [
      " ✖ relation \"nope\" does not exist       ",
      "⠹ Loading customers…                    ",
      "[x] Active                              ",
      "╭─ Tables ─╮╭─ 日本 ───────────────────╮",
      "│          ││                          │",
      "│          ││                          │",
      "│          ││                          │",
      "╰──────────╯╰──────────────────────────╯",
    ])
  #expect(buffer[0, 3].style.foreground == theme[.border].foreground)
  #expect(buffer[12, 3].style.foreground == theme[.focusedBorder].foreground)
  #expect(Toggle.flips(.char(" ")))
}

@Test func formAlignsLabelsAndHighlightsTheFocusedRow() {
  var state = ScrollState(selected: 1)
  let form = Form(
    rows: [
      FormRow("ID", "42"), FormRow("First name", "太郎"),
      FormRow("Email", "", placeholder: "required", isInvalid: true),
    ], theme: theme)
  let buffer = render(width: 30, height: 3) { buffer, area in
    form.render(in: area, buffer: &buffer, state: &state)
  }
  #expect(
    buffer.lines == [
      "        ID  42                ",
      "First name  太郎              ",
      "     Email  required          ",
    ])
  #expect(buffer[12, 1].style == theme[.selection])
  #expect(buffer[5, 2].style == theme[.error])
  #expect(
    form.valueArea(row: 2, in: buffer.area, state: state) == Rect(x: 12, y: 2, width: 18, height: 1)
  )
}

@Test func choicePickerFiltersAsYouTypeInAPopup() {
  let options = ["Action", "Animation", "Children", "Classics", "Comedy", "Documentary"]
  var state = ChoicePickerState(chosen: 2)
  #expect(state.handle(KeyEvent(.right), options: options) == .chosen(3))
  #expect(state.handle(KeyEvent(.enter), options: options) == .handled)
  for event in KeyNames.parse("m e") { _ = state.handle(event, options: options) }
  #expect(state.matches(in: options) == [4, 5])
  let picker = ChoicePicker(options: options, theme: theme)
  let buffer = render(width: 30, height: 7) { buffer, area in
    picker.render(in: Rect(x: 2, y: 0, width: 14, height: 1), buffer: &buffer, state: &state)
    picker.renderPopup(
      anchor: Rect(x: 2, y: 0, width: 14, height: 1), screen: area, buffer: &buffer, state: &state)
  }
  #expect(
    buffer.lines == [
      "  Classics     ▾              ",
      "  ╭─ 2/6 ────────────╮        ",
      "  │me                │        ",
      "  │▌Comedy           │        ",
      "  │ Documentary      │        ",
      "  ╰──────────────────╯        ",
      "                              ",
    ])
  #expect(state.handle(KeyEvent(.down), options: options) == .handled)
  #expect(state.handle(KeyEvent(.enter), options: options) == .chosen(5))
  #expect(state.isOpen == false)
}

@Test func monochromeThemeStillShowsSelection() {
  var state = ScrollState(selected: 0)
  let buffer = render(width: 10, height: 2) { buffer, area in
    ListView(count: 2, theme: mono) { "row \($0)" }.render(in: area, buffer: &buffer, state: &state)
  }
  #expect(
    buffer.textDump == """
      │▌row 0    │
      │ row 1    │
      0 0+10: bold,reverse
      """)
}

/// A banner longer than the screen wraps under its symbol, to three lines at most, the
/// last cut with an ellipsis: a refusal and the rule behind it are read whole.
@Test func aLongBannerWrapsToThreeLines() {
  let banner = Banner(
    .warning, "Jon may not open the SQL console: no rule grants allowsConsole, and with a login page it is refused",
    theme: theme)
  #expect(
    banner.lines(width: 40) == [
      " ⚠ Jon may not open the SQL console: no", "   rule grants allowsConsole, and with a",
      "   login page it is refused",
    ])
  #expect(banner.height(width: 200) == 1)
  let long = Banner(.error, String(repeating: "word ", count: 60), theme: theme)
  let lines = long.lines(width: 30)
  #expect(lines.count == 3 && lines[2].hasSuffix("…"), "\(lines)")
}
