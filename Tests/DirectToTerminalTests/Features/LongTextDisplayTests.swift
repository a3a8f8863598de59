import Access
import DirectToTerminal
import Testing

/// A 100 KB value costs a screenful to show: a list cell keeps its first 1,000 characters,
/// an inspector at most 200 wrapped lines and says how to see the rest.
@Suite struct LongTextDisplayTests {
  static let long = String(repeating: "lorem ipsum dolor sit amet ", count: 4_000)

  @Test func aCellKeepsTheFirstThousandCharacters() {
    let text = DisplayString().display(.value(.text(Self.long)), in: ComponentContext()).text
    #expect(text.count == 1_001 && text.hasSuffix("…"), "\(text.count)")
    #expect(DisplayString().display(.value(.text("short\nvalue")), in: ComponentContext()).text == "short ⏎ value")
  }

  @Test func anInspectorShowsAtMostTwoHundredLines() {
    let lines = DisplayLargeString().detailLines(.value(.text(Self.long)), in: ComponentContext(), width: 40)
    #expect(lines.count == 201)
    #expect(lines.last == "… (v shows all of it)")
    #expect(lines.first == "lorem ipsum dolor sit amet lorem ipsum")
    #expect(lines.dropLast().allSatisfy { !$0.isEmpty && $0.count <= 40 })
    let short = DisplayLargeString().detailLines(.value(.text("one two\nthree")), in: ComponentContext(), width: 40)
    #expect(short == ["one two", "three"])
  }
}
