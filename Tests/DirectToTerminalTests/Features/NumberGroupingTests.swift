import Access
import Foundation
@testable import DirectToTerminal
import Testing

/// Digit grouping, and that formatting a number costs its length (issue 22 item 3: one
/// 130,000-digit `numeric` froze the list for minutes; the grouping was quadratic).
@Suite struct NumberGroupingTests {
  @Test func groupsTheIntegerPartOnly() {
    #expect(grouped("1234567.891") == "1,234,567.891")
    #expect(grouped("-1234") == "-1,234")
    #expect(grouped("123") == "123")
    #expect(grouped("-0.5") == "-0.5")
    #expect(grouped("1000") == "1,000")
    #expect(grouped("") == "")
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 100, 1000])
  func anyNumberOfDigitsGroupsByThrees(digits: Int) {
    let text = "9" + String(repeating: "0", count: digits - 1)
    let groups = grouped(text).split(separator: ",")
    #expect(groups.joined() == text)
    #expect(groups.dropFirst().allSatisfy { $0.count == 3 })
    #expect((1...3).contains(groups.first?.count ?? 0))
  }

  /// Ten times the digits must cost about ten times as much, not a hundred: the best of
  /// three runs at 20,000 and at 200,000 digits, with room for a noisy machine.
  @Test func formattingIsLinearInTheDigits() throws {
    let formatter = try #require(ValueFormatter.named("number"))
    func cost(_ digits: Int) -> Duration {
      let value = DatabaseValue.decimal("1" + String(repeating: "0", count: digits - 1) + ".25")
      let clock = ContinuousClock()
      return (0..<3).map { _ in clock.measure { _ = formatter.string(for: value) } }.min() ?? .zero
    }
    let small = cost(20_000)
    let large = cost(200_000)
    #expect(large < small * 40, "20,000 digits: \(small); 200,000 digits: \(large)")
    #expect(large < .seconds(1))
  }
}
