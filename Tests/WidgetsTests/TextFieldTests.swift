import TerminalCore
import Testing
import Widgets

func typing(_ keys: String, into state: inout TextFieldState) {
  for event in KeyNames.parse(keys) { _ = state.handle(event) }
}

@Test(arguments: [
  ("hello C-a X", "Xhello", 1),
  ("hello Left Left BSpace", "helo", 2),
  ("hello Home Delete End !", "ello!", 5),
  ("one Space two Space three C-w", "one two ", 8),
  ("one Space two Space three M-b M-b C-k", "one ", 4),
  ("one Space two C-a M-f C-u", " two", 0),
  ("日本 語 Left C-b BSpace", "本語", 0),
  ("abc C-e M-b M-d", "", 0),
])
func textFieldEditingKeys(keys: String, text: String, cursor: Int) {
  var state = TextFieldState()
  typing(keys, into: &state)
  #expect(state.text == text)
  #expect(state.cursor == cursor)
}

@Test func textFieldHonoursMaxLengthAndPaste() {
  var state = TextFieldState(maxLength: 5)
  typing("abcdefg", into: &state)
  #expect(state.text == "abcde")
  state = TextFieldState(maxLength: 8)
  state.paste("ab\ncd")
  #expect(state.text == "ab cd")
  #expect(state.handle(KeyEvent(.escape)) == false)
}

@Test func textFieldScrollsToTheCursorAndPlacesIt() {
  var state = TextFieldState("日本語のテキスト入力")
  let buffer = render(width: 10, height: 1) { buffer, area in
    TextField(theme: theme).render(in: area, buffer: &buffer, state: &state)
  }
  #expect(buffer.lines == ["スト入力  "], "whole characters from the left edge")
  #expect(buffer.cursor == Point(x: 8, y: 0))
  state.cursor = 0
  let start = render(width: 10, height: 1) { buffer, area in
    TextField(theme: theme).render(in: area, buffer: &buffer, state: &state)
  }
  #expect(start.lines == ["日本語のテ"])
  #expect(start.cursor == Point(x: 0, y: 0))
}

@Test func passwordFieldIsMaskedAndEmptyFieldShowsPlaceholder() {
  var secret = TextFieldState("hunter2")
  var empty = TextFieldState()
  let buffer = render(width: 12, height: 2) { buffer, area in
    TextField(mask: "•", theme: theme).render(in: area.row(0), buffer: &buffer, state: &secret)
    TextField(placeholder: "Search…", focused: false, theme: theme).render(
      in: area.row(1), buffer: &buffer, state: &empty)
  }
  #expect(buffer.lines == ["•••••••     ", "Search…     "])
  #expect(buffer[0, 1].style == theme[.placeholder].background(theme[.input].background))
  #expect(buffer.cursor == Point(x: 7, y: 0))
}

@Test func textAreaEditsLinesAndScrolls() {
  var state = TextAreaState("first line\nsecond")
  for event in KeyNames.parse("Enter t h i r d Up Up End BSpace Down Home C-k") {
    _ = state.handle(event)
  }
  #expect(state.text == "first lin\n\nthird")
  state.paste("x\ny")
  #expect(state.text == "first lin\nx\ny\nthird")
  let buffer = render(width: 12, height: 2) { buffer, area in
    TextArea(theme: theme).render(in: area, buffer: &buffer, state: &state)
  }
  #expect(buffer.lines == ["x           ", "y           "])
  #expect(buffer.cursor == Point(x: 1, y: 1))
  for event in KeyNames.parse("Home BSpace BSpace") { _ = state.handle(event) }
  #expect(state.text == "first lin\ny\nthird")
}

/// A 100,000-character field draws the characters around the cursor, at both ends.
@Test func aLongFieldShowsTheTextAroundTheCursor() {
  var state = TextFieldState(String(repeating: "abcdefghij", count: 10_000) + "END")
  func draw() -> Buffer {
    render(width: 20, height: 1) { buffer, area in
      TextField(theme: theme).render(in: area, buffer: &buffer, state: &state)
    }
  }
  #expect(draw().lines == ["efghijabcdefghijEND "])
  typing("!", into: &state)
  let typed = draw()
  #expect(typed.lines == ["fghijabcdefghijEND! "])
  #expect(typed.cursor == Point(x: 19, y: 0))
  typing("Home", into: &state)
  let home = draw()
  #expect(home.lines == ["abcdefghijabcdefghij"])
  #expect(home.cursor == Point(x: 0, y: 0))
  #expect(state.text.count == 100_004)
}

/// The text read after each key is the text typed, however the edits mix: typing at the
/// end (where the field keeps the text as one string), in the middle, deleting, combining marks.
@Test func textFollowsEveryKindOfEdit() {
  var field = TextFieldState("abc")
  let steps: [(String, String)] = [
    ("d", "abcd"), ("Left Left x", "abxcd"), ("End e", "abxcde"), ("BSpace", "abxcd"), ("f", "abxcdf"),
    ("Home Delete", "bxcdf"), ("End C-w g", "g"), ("C-u", ""), ("h", "h"),
  ]
  for (keys, expected) in steps {
    typing(keys, into: &field)
    #expect(field.text == expected, "after \(keys)")
  }
  _ = field.handle(KeyEvent(.character("e")))
  _ = field.handle(KeyEvent(.character("\u{301}")))
  #expect(field.text == "he\u{301}" && field.text == "hé")
}
