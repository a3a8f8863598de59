import Access
import Testing

@Test func timestampParsesOffsetsAndFractions() throws {
  let ts = try #require(SQLTimestamp(iso: "2005-05-24 22:53:30.5+02"))
  #expect(ts.date == SQLDate(year: 2005, month: 5, day: 24))
  #expect(ts.time == SQLTime(hour: 22, minute: 53, second: 30, microsecond: 500_000))
  #expect(ts.utcOffsetSeconds == 7200)
  #expect(ts.description == "2005-05-24 22:53:30.5+02")
  #expect(SQLDate(iso: "2005-02-30") == nil)
}

/// The byte-level fast path and the general parser agree: well-formed database output
/// parses the same, and anything unusual still falls through to the general parser.
@Test func timestampFastAndGeneralPathsAgree() throws {
  let cases: [(String, SQLTimestamp?)] = [
    (
      "2005-05-24 22:53:30",
      SQLTimestamp(
        date: SQLDate(year: 2005, month: 5, day: 24), time: SQLTime(hour: 22, minute: 53, second: 30))
    ),
    (
      "2005-05-24T22:53:30.123456789-05:30",
      SQLTimestamp(
        date: SQLDate(year: 2005, month: 5, day: 24),
        time: SQLTime(hour: 22, minute: 53, second: 30, microsecond: 123_456), utcOffsetSeconds: -19800)
    ),
    ("2005-05-24", SQLTimestamp(date: SQLDate(year: 2005, month: 5, day: 24), time: SQLTime(hour: 0, minute: 0))),
    (
      " 2005-05-24 22:53 ",
      SQLTimestamp(
        date: SQLDate(year: 2005, month: 5, day: 24), time: SQLTime(hour: 22, minute: 53))
    ),
    (
      "2005-05-24 22:53:30Z",
      SQLTimestamp(
        date: SQLDate(year: 2005, month: 5, day: 24), time: SQLTime(hour: 22, minute: 53, second: 30),
        utcOffsetSeconds: 0)
    ),
    ("2005-02-30 10:00:00", nil),
    ("2005-05-24 25:00:00", nil),
    ("2005-05-24 22:53:30.", nil),
  ]
  for (text, expected) in cases {
    #expect(SQLTimestamp(iso: text) == expected, "\(text)")
  }
}

/// A UTC offset is read within ±15:59 (PostgreSQL's range): beyond it the text is no
/// timestamp, and a long run of digits no longer overflows `hh * 3600`.
@Test func timestampOffsetsAreBounded() throws {
  for text in [
    "2005-05-24 22:53:30+99999999999999999", "2005-05-24 22:53:30-99999999999999999:00",
    "2005-05-24 22:53:30+16", "2005-05-24 22:53:30+05:60", "2005-05-24 22:53:30+05:x", "2005-05-24 22:53+1a",
    "2005-05-24 22:53:30+16:00",
  ] {
    #expect(SQLTimestamp(iso: text) == nil, "\(text)")
  }
  #expect(try #require(SQLTimestamp(iso: "2005-05-24 22:53:30+15:59")).utcOffsetSeconds == 57_540)
  #expect(try #require(SQLTimestamp(iso: "2005-05-24 22:53-0530")).utcOffsetSeconds == -19_800)
  #expect(try #require(SQLTimestamp(iso: "2005-05-24 22:53+5")).utcOffsetSeconds == 18_000)
}

@Test func decimalsAlreadyCanonicalComeBackUnchanged() {
  #expect(normalizedDecimal("4.99") == "4.99")
  #expect(normalizedDecimal("-0.10") == "-0.10")
  #expect(normalizedDecimal("0") == "0")
  #expect(normalizedDecimal("-0.00") == "0.00")
  #expect(normalizedDecimal("007.5") == "7.5")
  #expect(normalizedDecimal(" 1.5") == "1.5")
  #expect(normalizedDecimal("1.") == "1")
  #expect(normalizedDecimal("abc") == nil)
}
