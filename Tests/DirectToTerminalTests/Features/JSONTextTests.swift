import Testing

@testable import DirectToTerminal

/// JSON is laid out, never re-encoded: numbers keep their digits (a decimal's trailing
/// zero, an integer beyond 2^53), keys their stored order, strings their escapes.
@Suite struct JSONTextTests {
  let stored = #"{ "b": 2.50, "a": [1, 12345678901234567890, {}], "s": "x \"y\" \u00e9 , : {" }"#

  @Test func compactKeepsEveryToken() {
    #expect(
      JSONText.compact(stored) == #"{"b":2.50,"a":[1,12345678901234567890,{}],"s":"x \"y\" \u00e9 , : {"}"#)
  }

  @Test func prettyIndentsByTwo() {
    #expect(
      JSONText.pretty(stored) == """
        {
          "b": 2.50,
          "a": [
            1,
            12345678901234567890,
            {}
          ],
          "s": "x \\"y\\" \\u00e9 , : {"
        }
        """)
  }

  /// A string that starts with a combining mark: its quote and the mark are one Character,
  /// which was no quote, so `]]` in the string closed arrays and the depth went below 0
  /// (a trap). Read by Unicode scalars, the text is kept.
  @Test func aStringStartingWithACombiningMarkStaysText() {
    let text = "[\"\u{301}]]\"]"
    #expect(JSONText.compact(text) == text)
    #expect(JSONText.pretty(text) == "[\n  \"\u{301}]]\"\n]")
    #expect(JSONText.pretty("{\"\u{200D}}\": [\"\u{FE0F}]\"]}") == "{\n  \"\u{200D}}\": [\n    \"\u{FE0F}]\"\n  ]\n}")
    #expect(
      ViewerDocument.prettyJSON(text).map(\.text) == ["[", "  \"\u{301}]]\"", "]"],
      "the viewer lays it out by scalars too")
  }

  @Test func textThatIsNotJSONStaysAsItIs() {
    #expect(JSONText.compact("{not json") == "{not json")
    #expect(JSONText.pretty("2.50") == "2.50")
  }
}
