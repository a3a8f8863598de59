import TerminalCore
import Testing

/// `wrapped(toWidth:maxLines:)`: at spaces, inside a word only when it is wider than the
/// line, newlines kept — in one pass that stops after `maxLines` lines.
@Suite struct TextWrapTests {
  @Test func wrapsAtSpacesAndCutsWideWords() {
    #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
    #expect("ab\n\ncd ".wrapped(toWidth: 10) == ["ab", "", "cd"])
    #expect("x abcdefghij yz".wrapped(toWidth: 4) == ["x", "abcd", "efgh", "ij", "yz"])
    #expect("日本語のテキスト".wrapped(toWidth: 5) == ["日本", "語の", "テキ", "スト"])
    #expect("".wrapped(toWidth: 3) == [""])
  }

  /// Windows line ends break lines like `\n` (no `␍` at each end); a lone `\r` and other
  /// controls stay in the line, drawn as their pictures.
  @Test func crlfBreaksLinesAndOtherControlsStay() {
    #expect("one\r\ntwo\r\n\r\nthree".wrapped(toWidth: 10) == ["one", "two", "", "three"])
    #expect("a\rb\u{1B}c".wrapped(toWidth: 10) == ["a\rb\u{1B}c"])
  }

  @Test func stopsAfterMaxLines() {
    let long = String(repeating: "x", count: 102_400)
    let lines = long.wrapped(toWidth: 40, maxLines: 3)
    #expect(lines == Array(repeating: String(repeating: "x", count: 40), count: 3))
    #expect(("one two three four").wrapped(toWidth: 4, maxLines: 2) == ["one", "two"])
  }
}
