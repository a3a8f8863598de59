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
