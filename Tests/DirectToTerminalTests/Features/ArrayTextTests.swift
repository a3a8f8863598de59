import Access
@testable import DirectToTerminal
import Testing

/// Arrays as the list, inspector and editor show them, read back exactly.
@Suite struct ArrayTextTests {
  static let text = ValueType.text(maxLength: nil, isFixedWidth: false)

  @Test func quotesWhatWouldReadOtherwiseAndShowsNullAsEmptySet() {
    let values: [DatabaseValue] = [.text("a,b"), .text("c\"d"), .null, .text(""), .text("NULL")]
    #expect(ArrayText.format(values) == #""a,b", "c\"d", ∅, "", "NULL""#)
    #expect(
      ArrayText.format([.text(" x"), .text("∅"), .text("{y}"), .text(#"back\slash"#), .text("日本")])
        == #"" x", "∅", "{y}", "back\\slash", 日本"#)
    #expect(
      ArrayText.format([.array([.integer(1), .integer(2)]), .array([.integer(3), .integer(4)])])
        == "{1, 2}, {3, 4}")
    #expect(ArrayText.format([.integer(1), .null, .integer(3)]) == "1, ∅, 3")
    #expect(ArrayText.format([]) == "{}")
  }

  @Test func whatIsShownReadsBackToTheSameValue() throws {
    let cases: [(ValueType, [DatabaseValue])] = [
      (Self.text, [.text("a,b"), .text("c\"d"), .null, .text(""), .text("NULL"), .text("x")]),
      (
        Self.text,
        [.text(#"\"#), .text("}"), .text("{"), .text("  padded  "), .text("∅"), .text("null"), .text("ünï©ødé 🎉")]
      ),
      (.integer(bits: 32), [.array([.integer(1), .integer(2)]), .array([.integer(3), .null])]),
      (.integer(bits: 32), [.integer(1), .null, .integer(3)]),
      (.integer(bits: 32), [.array([.array([.integer(1)]), .array([.integer(2)])])]),
      (.decimal(precision: nil, scale: nil), [.decimal("4.99"), .decimal("-0.5")]),
      (.boolean, [.bool(true), .bool(false), .null]),
      (Self.text, []),
    ]
    for (element, values) in cases {
      let shown = ArrayText.format(values)
      #expect(try ArrayText.parse(shown, element: element).get() == .array(values), "\(shown)")
    }
  }

  @Test func typedTextIsReadLikePostgreSQLWouldButWithoutGuessing() throws {
    #expect(
      try ArrayText.parse("1, NULL, 3", element: .integer(bits: 32)).get()
        == .array([.integer(1), .null, .integer(3)]))
    #expect(try ArrayText.parse(" a ,b", element: Self.text).get() == .array([.text("a"), .text("b")]))
    #expect(try ArrayText.parse("{}", element: Self.text).get() == .array([]))
    #expect(ArrayText.parse("1, x", element: .integer(bits: 32)) == .failure(.init(reason: "item 2: a whole number")))
    #expect(
      ArrayText.parse("{1, 2}, {3}", element: .integer(bits: 32))
        == .failure(.init(reason: "nested lists must all have the same length")))
    #expect(
      ArrayText.parse(#""open"#, element: Self.text)
        == .failure(.init(reason: "a quote is not closed (at character 6)")))
    #expect(
      ArrayText.parse("{1, 2", element: .integer(bits: 32))
        == .failure(.init(reason: "a { is not closed (at character 6)")))
    #expect(
      ArrayText.parse("a, , b", element: Self.text)
        == .failure(.init(reason: #"an item (an empty text is "") (at character 4)"#)))
    #expect(
      ArrayText.parse(#"c"d"#, element: Self.text)
        == .failure(.init(reason: "put an item with \" in double quotes (at character 2)")))
  }

  @Test func editorsAndDisplayUseIt() {
    let values: [DatabaseValue] = [.text("a,b"), .null, .text("NULL")]
    #expect(ValueParser.editText(.array(values), type: .array(of: Self.text)) == #""a,b", ∅, "NULL""#)
    #expect(DisplayArray().display(.value(.array(values)), in: ComponentContext()).text == #""a,b", ∅, "NULL""#)
    #expect(
      DisplayArray().detailLines(.value(.array([.array([.integer(1)]), .null])), in: ComponentContext(), width: 40)
        == ["• {1}", "• ∅"])
  }
}
