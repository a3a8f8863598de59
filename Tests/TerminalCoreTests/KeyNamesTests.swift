import TerminalCore
import Testing

@Test(arguments: [
  ("Enter", [KeyEvent(.enter)]),
  ("Escape", [KeyEvent(.escape)]),
  ("BTab", [KeyEvent(.backTab)]),
  ("Up Down Left Right", [KeyEvent(.up), KeyEvent(.down), KeyEvent(.left), KeyEvent(.right)]),
  (
    "PageUp PageDown Home End",
    [KeyEvent(.pageUp), KeyEvent(.pageDown), KeyEvent(.home), KeyEvent(.end)]
  ),
  ("F1 F12", [KeyEvent(.function(1)), KeyEvent(.function(12))]),
  ("C-d", [KeyEvent.ctrl("d")]),
  ("C-D", [KeyEvent.ctrl("d")]),
  ("M-x", [KeyEvent.alt("x")]),
  ("C-M-a", [KeyEvent(.character("a"), modifiers: [.control, .alt])]),
  ("Space BSpace", [KeyEvent.char(" "), KeyEvent(.backspace)]),
  ("hi", [KeyEvent.char("h"), KeyEvent.char("i")]),
  ("F13", [KeyEvent.char("F"), KeyEvent.char("1"), KeyEvent.char("3")]),
  ("日本", [KeyEvent.char("日"), KeyEvent.char("本")]),
])
func tmuxKeyNamesParse(text: String, expected: [KeyEvent]) {
  #expect(KeyNames.parse(text) == expected)
}

@Test func keyEventsHaveReadableNames() {
  #expect(KeyEvent.ctrl("d").description == "Ctrl-D")
  #expect(KeyEvent(.up).description == "↑")
  #expect(KeyEvent.alt("x").description == "Alt-x")
  #expect(KeyEvent(.function(5)).description == "F5")
  #expect(KeyEvent.char(" ").description == "Space")
}

/// A config file may name a key as help shows it or as tmux does; anything that is not one
/// key is no key (`banana` used to bind each of its letters).
@Test func configKeyNamesAcceptWhatHelpShows() {
  #expect(KeyNames.key(named: "Ctrl-Q") == .ctrl("q"))
  #expect(KeyNames.key(named: "C-q") == .ctrl("q"))
  #expect(KeyNames.key(named: "Esc") == KeyEvent(.escape))
  #expect(KeyNames.key(named: "Escape") == KeyEvent(.escape))
  #expect(KeyNames.key(named: "PgDn") == KeyEvent(.pageDown))
  #expect(KeyNames.key(named: "Shift-Tab") == KeyEvent(.backTab))
  #expect(KeyNames.key(named: "Alt-x") == .alt("x"))
  #expect(KeyNames.key(named: "↓") == KeyEvent(.down))
  #expect(KeyNames.key(named: "F5") == KeyEvent(.function(5)))
  #expect(KeyNames.key(named: "q") == .char("q"))
  for name in ["banana", "Ctrl-", "ab", ""] { #expect(KeyNames.key(named: name) == nil, "\(name)") }
  for event in [KeyEvent.ctrl("w"), KeyEvent(.escape), KeyEvent(.pageUp), KeyEvent(.backspace), KeyEvent(.left)] {
    #expect(KeyNames.key(named: event.description) == event, "what help shows reads back: \(event)")
  }
}
