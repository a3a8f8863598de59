import Access
@testable import DirectToTerminal
import Testing

/// Timestamps and times show their fractions of a second (trailing zeros dropped), so two
/// values a millisecond apart never look equal; the reading styles (`short`, `long`) and the
/// `time` formatter keep whole seconds.
@Suite struct DateTextTests {
  let stamp = SQLTimestamp(
    date: SQLDate(year: 2024, month: 1, day: 2), time: SQLTime(hour: 3, minute: 4, second: 5, microsecond: 123_000),
    utcOffsetSeconds: 0)

  @Test func isoKeepsFractions() {
    #expect(DateText.timestamp(.timestamp(stamp), style: "iso") == "2024-01-02 03:04:05.123 UTC")
    #expect(
      DateText.time(.time(SQLTime(hour: 1, minute: 2, second: 3, microsecond: 5)), fractions: true) == "01:02:03.000005"
    )
    #expect(DateText.time(.time(SQLTime(hour: 1, minute: 2, second: 3)), fractions: true) == "01:02:03")
  }

  @Test func readingStylesKeepWholeSeconds() {
    #expect(DateText.timestamp(.timestamp(stamp), style: "short") == "2 Jan 2024 03:04:05 UTC")
    #expect(DateText.time(.timestamp(stamp)) == "03:04:05")
  }
}
