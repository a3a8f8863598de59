import Rules
import SeededRandom
import Testing

/// A deeply nested rule value is a diagnostic at file:line:col, never a stack overflow.
@Suite struct RuleNestingTests {
  static let limit = 200

  static func nested(_ depth: Int) -> String {
    "displayPropertyKeys <= " + String(repeating: "(", count: depth) + "'a'" + String(repeating: ")", count: depth)
  }

  @Test func listsAtTheLimitParse() {
    let result = RuleParser.parse(Self.nested(Self.limit), file: "deep.rules")
    #expect(result.diagnostics.allSatisfy { !$0.message.contains("nests deeper") })
  }

  @Test func listsOverTheLimitFailAtTheDeepOne() {
    let result = RuleParser.parse(Self.nested(Self.limit + 1), file: "deep.rules")
    #expect(
      result.diagnostics.map(\.summary) == [
        "deep.rules:1:224: error: value nests deeper than 200 lists or dictionaries"
      ])
  }

  @Test func aLongLineIsQuotedAroundTheColumnOnly() throws {
    let text = "displayPropertyKeys <= " + String(repeating: "[", count: 11_000)
    let diagnostic = try #require(RuleParser.parse(text, file: "bomb.rules").diagnostics.first)
    let lines = diagnostic.description.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[1].count <= 4 + 2 + 120, "the line is cut: \(lines[1].count) characters")
    #expect(lines[1].hasPrefix("    …[") && lines[1].hasSuffix("[…"), "\(lines[1])")
    let caret = try #require(lines[2].firstIndex(of: "^"))
    let start = min(max(0, diagnostic.column - 1 - 60), text.count - 120)
    #expect(
      lines[2].distance(from: lines[2].startIndex, to: caret) == 4 + 1 + diagnostic.column - 1 - start,
      "the caret stays under column \(diagnostic.column)")
    let short = try #require(RuleParser.parse("title <= ", file: "s.rules").diagnostics.first)
    #expect(!short.description.contains("…"), "a short line is quoted whole: \(short.description)")
  }

  @Test func listBombFails() {
    let text = "displayPropertyKeys <= " + String(repeating: "[", count: 11_000)
    let result = RuleParser.parse(text, file: "bomb.rules")
    #expect(result.diagnostics.count == 1)
    #expect(result.rules.isEmpty)
  }

  @Test func predicateBombFails() {
    let text = String(repeating: "not ", count: 20_000) + "task = 'list' => title <= 'x'"
    let result = RuleParser.parse(text, file: "bomb.rules")
    #expect(
      result.diagnostics.map(\.summary) == [
        "bomb.rules:1:801: error: nesting deeper than 200 levels of 'not' and parentheses"
      ])
  }

  /// A few hundred random rule texts from the grammar's tokens, with a fixed seed.
  @Test func fuzzedRulesNeverCrashAndErrorsHaveAPosition() {
    let pieces = [
      "(", ")", "[", "]", "{", "}", "not ", " and ", "task", " = ", "'list'", " => ", "title", "displayPropertyKeys",
      " <= ", ",", ";", " high", "1", "a = 'b'", "\n", "((((", "[[[[", "{ a = ", "'",
    ]
    var rng = SeededGenerator(seed: 0x5EED)
    for _ in 0..<400 {
      let count = Int.random(in: 1...60, using: &rng)
      var text = (0..<count).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
      if Bool.random(using: &rng) { text = "title <= " + String(repeating: "[", count: 250) + text }
      let result = RuleParser.parse(text, file: "fuzz.rules")
      for diagnostic in result.diagnostics {
        #expect(diagnostic.file == "fuzz.rules" && diagnostic.line >= 1 && diagnostic.column >= 1, "\(text)")
      }
    }
  }
}
