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

  @Test func textThatIsNotJSONStaysAsItIs() {
    #expect(JSONText.compact("{not json") == "{not json")
    #expect(JSONText.pretty("2.50") == "2.50")
  }
}
