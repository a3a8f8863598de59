import Qualifiers
import SeededRandom
import Testing

/// Deeply nested input is a syntax error with a column, never a stack overflow.
@Suite struct QualifierNestingTests {
  static let limit = 200

  @Test func parenthesesAtTheLimitParse() throws {
    let text = String(repeating: "(", count: Self.limit) + "a = 1" + String(repeating: ")", count: Self.limit)
    #expect(try Qualifier(parsing: text) == .comparison("a", .equal, .integer(1)))
  }

  @Test func parenthesesOverTheLimitFailAtTheDeepOne() {
    let text = String(repeating: "(", count: Self.limit + 1) + "a = 1" + String(repeating: ")", count: Self.limit + 1)
    #expect(throws: QualifierSyntaxError.self) { try Qualifier(parsing: text) }
    do {
      _ = try Qualifier(parsing: text)
    } catch {
      #expect(error.column == Self.limit + 1)
      #expect(error.description.hasPrefix("column 201: nesting deeper than 200"))
    }
  }

  @Test func parenthesisBombFails() {
    let text = String(repeating: "(", count: 12_000) + "a" + String(repeating: ")", count: 12_000)
    #expect(throws: QualifierSyntaxError.self) { try Qualifier(parsing: text) }
  }

  @Test func notsAtTheLimitParse() throws {
    let text = String(repeating: "not ", count: Self.limit) + "a = 1"
    #expect(try Qualifier(parsing: text).complexity == 1)
  }

  @Test func notBombFailsWithAColumn() {
    let text = String(repeating: "not ", count: 20_000) + "a = 1"
    do {
      _ = try Qualifier(parsing: text)
      Issue.record("20,000 nots parsed")
    } catch {
      #expect(error.column == Self.limit * 4 + 1)
    }
    #expect(throws: QualifierSyntaxError.self) { try Qualifier(parsing: String(repeating: "!", count: 20_000) + "a") }
  }

  /// A few hundred random strings from the grammar's tokens, with a fixed seed.
  @Test func fuzzedInputNeverCrashesAndErrorsHaveAPosition() {
    let pieces = [
      "(", ")", "not ", "!", " and ", " or ", "&&", "||", "a", "b.c", " = ", " != ", " < ", " like ", " in ",
      " is ", " null", "'x'", "1", "2.5", "*true*", ",", "((((", "))))", "not not not ", "\"", "'",
    ]
    var rng = SeededGenerator(seed: 0xD2D2)
    for _ in 0..<400 {
      let count = Int.random(in: 1...60, using: &rng)
      var text = (0..<count).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
      if Bool.random(using: &rng) { text = String(repeating: "(", count: 250) + text }
      do {
        _ = try Qualifier(parsing: text)
      } catch {
        #expect(error.column >= 1 && error.column <= text.count + 1, "\(text): \(error)")
      }
    }
  }
}
