import CNcursesw
import TerminalCore
import Testing

@testable import NcursesBackend

func chars(_ text: String) -> [RawInput] {
  text.unicodeScalars.map { .character($0.value) }
}

@Test(arguments: [
  (chars("a日"), [InputEvent.key(.char("a")), .key(.char("日"))]),
  (
    [.character(13), .character(10), .character(9), .character(127), .character(8)],
    [
      .key(KeyEvent(.enter)), .key(KeyEvent(.enter)), .key(KeyEvent(.tab)),
      .key(KeyEvent(.backspace)), .key(KeyEvent(.backspace)),
    ]
  ),
  (
    [.character(4), .character(21), .character(1)],
    [.key(.ctrl("d")), .key(.ctrl("u")), .key(.ctrl("a"))]
  ),
  ([.character(27)], [.key(KeyEvent(.escape))]),
  ([.character(27), .character(120)], [.key(.alt("x"))]),
  (
    [.character(27), .character(2)], [.key(KeyEvent(.character("b"), modifiers: [.control, .alt]))]
  ),
  ([.character(27), .character(27)], [.key(KeyEvent(.escape)), .key(KeyEvent(.escape))]),
  ([.character(27), .character(91)], [.key(.alt("["))]),
  (chars("\u{1B}[I") + chars("x"), [.key(.char("x"))]),
  (
    [
      .keyCode(KEY_UP), .keyCode(KEY_NPAGE), .keyCode(KEY_HOME), .keyCode(KEY_DC),
      .keyCode(KEY_BTAB),
    ],
    [
      .key(KeyEvent(.up)), .key(KeyEvent(.pageDown)), .key(KeyEvent(.home)),
      .key(KeyEvent(.delete)), .key(KeyEvent(.backTab)),
    ]
  ),
  (
    [.keyCode(KEY_SPREVIOUS), .keyCode(KEY_SNEXT)],
    [.key(KeyEvent(.pageUp, modifiers: .shift)), .key(KeyEvent(.pageDown, modifiers: .shift))]
  ),
  (
    [.keyCode(KEY_F0 + 1), .keyCode(KEY_F0 + 12), .keyCode(KEY_F0 + 13)],
    [.key(KeyEvent(.function(1))), .key(KeyEvent(.function(12)))]
  ),
  ([.resize(Size(width: 80, height: 24))], [.resize(Size(width: 80, height: 24))]),
  (chars("\u{1B}[200~a\rb\u{1B}[201~q"), [.paste("a\nb"), .key(.char("q"))]),
  // Ctrl-Enter where the terminal tells it apart: CSI u and xterm's modifyOtherKeys.
  (chars("\u{1B}[13;5u"), [.key(KeyEvent(.enter, modifiers: .control))]),
  (chars("\u{1B}[27;5;13~"), [.key(KeyEvent(.enter, modifiers: .control))]),
  (chars("\u{1B}[13;2u"), [.key(KeyEvent(.enter, modifiers: .shift))]),
  (chars("\u{1B}[27;5;9~x"), [.key(.char("x"))]),
])
func decodesNcursesInput(raw: [RawInput], expected: [InputEvent]) {
  var decoder = InputDecoder()
  #expect(decoder.decode(raw) == expected)
}

@Test func pasteSpansSeveralReadsAndKeepsEscapes() {
  var decoder = InputDecoder()
  #expect(decoder.decode(chars("\u{1B}[200~SELECT 1;")).isEmpty)
  #expect(decoder.decode(chars("\n\u{1B}x\u{1B}[20")).isEmpty)
  #expect(decoder.decode(chars("1~")) == [.paste("SELECT 1;\n\u{1B}x")])
  #expect(decoder.decode(chars("j")) == [.key(.char("j"))])
}

@Test func mouseMasksBecomeClicksAndWheelTurns() {
  let at = Point(x: 3, y: 4)
  #expect(
    InputDecoder.mouseEvent(mask: UInt(NC_BUTTON1_PRESSED), at: at)
      == MouseEvent(.press(.left), at: at))
  #expect(
    InputDecoder.mouseEvent(mask: UInt(NC_BUTTON3_CLICKED), at: at)
      == MouseEvent(.press(.right), at: at))
  #expect(
    InputDecoder.mouseEvent(mask: UInt(NC_BUTTON4_PRESSED), at: at) == MouseEvent(.wheelUp, at: at))
  #expect(
    InputDecoder.mouseEvent(mask: UInt(NC_BUTTON5_PRESSED), at: at)
      == MouseEvent(.wheelDown, at: at))
  #expect(InputDecoder.mouseEvent(mask: 0, at: at) == nil)
}
