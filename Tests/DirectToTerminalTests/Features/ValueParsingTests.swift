import Access
@testable import DirectToTerminal
import Testing

/// What editors accept and what formatters show, as pure functions.
@Suite struct ValueParsingTests {
  @Test func editorsAcceptWhatFormattersShow() throws {
    #expect(try ValueParser.parse("$4.99", as: .decimal(precision: 4, scale: 2)).get() == .decimal("4.99"))
    #expect(try ValueParser.parse("1,234", as: .integer(bits: 32)).get() == .integer(1234))
    #expect(try ValueParser.parse("6 days", as: .integer(bits: 16)).get() == .integer(6))
    // Anything but a formatter's unit after the number is no number (it was read as 7).
    for text in ["7x", "7k", "7abc", "7 x", "7é", "1 h 24 min"] {
      #expect((try? ValueParser.parse(text, as: .integer(bits: 32)).get()) == nil, "\(text)")
    }
    #expect((try? ValueParser.parse("2.5zz", as: .decimal(precision: 4, scale: 2)).get()) == nil)
    #expect((try? ValueParser.parse("9.99q", as: .double).get()) == nil)
    #expect(try ValueParser.parse("yes", as: .boolean).get() == .bool(true))
    #expect(try ValueParser.parse("2005-05-24", as: .date).get() == .date(SQLDate(year: 2005, month: 5, day: 24)))
    // PostgreSQL's dates and timestamps without end, as the database reads them.
    #expect(try ValueParser.parse("Infinity", as: .date).get() == .text("infinity"))
    #expect(try ValueParser.parse("-infinity", as: .timestamp(withTimeZone: true)).get() == .text("-infinity"))
    #expect((try? ValueParser.parse("inf", as: .date).get()) == nil)
  }

  @Test func badInputSaysWhatIsExpected() {
    #expect(
      ValueParser.parse("4.999", as: .decimal(precision: 4, scale: 2))
        == .failure(.init(reason: "at most 2 decimal places")))
    #expect(ValueParser.parse("40000", as: .integer(bits: 16)) == .failure(.init(reason: "between -32768 and 32767")))
    #expect(ValueParser.parse("maybe", as: .boolean) == .failure(.init(reason: "yes or no")))
    #expect(ValueParser.parse("2005-13-01", as: .date) == .failure(.init(reason: "a date as YYYY-MM-DD")))
    // An offset of many digits overflowed reading it; it is no timestamp.
    #expect(
      ValueParser.parse("2005-05-24 22:53:30+99999999999999999", as: .timestamp(withTimeZone: true))
        == .failure(.init(reason: "a timestamp as YYYY-MM-DD HH:MM:SS[+HH]")))
  }

  @Test func formattersByName() throws {
    let currency = try #require(ValueFormatter.named("currency"))
    #expect(currency.string(for: .decimal("4.99")) == "$4.99")
    let days = try #require(ValueFormatter.named("days"))
    #expect(days.string(for: .integer(6)) == "6 days")
    let minutes = try #require(ValueFormatter.named("minutes"))
    #expect(minutes.string(for: .integer(84)) == "1 h 24 min")
    #expect(ValueFormatter.named("no such formatter") == nil)
  }

  /// An empty formatter name (`formatter <= ''` or `':'`) is no formatter; it trapped
  /// reading the name's first part.
  @Test func anEmptyFormatterNameIsNoFormatter() {
    #expect(ValueFormatter.named("") == nil)
    #expect(ValueFormatter.named(":") == nil)
    #expect(ValueFormatter.named("::") == nil)
  }

  /// Negative decimal places (`number:-1`, `percent:-2`) round to a whole number; they
  /// trapped slicing past the digits.
  @Test func negativePlacesRoundToAWholeNumber() throws {
    let number = try #require(ValueFormatter.named("number:-1"))
    #expect(number.string(for: .decimal("1234.56")) == "1,235")
    let percent = try #require(ValueFormatter.named("percent:-2"))
    #expect(percent.string(for: .decimal("0.125")) == "13%")
    #expect(rounded("-4.5", places: -3) == "-5")
  }
}
