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
