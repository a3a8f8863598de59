import Access
import Qualifiers
import Testing

/// Issue 25 item 2's data: a column's summary over a result, computed by the database on
/// each engine — counts, extremes, mean, standard deviation, nearest-rank percentiles and
/// an equal-width histogram for numbers; lengths and empty strings for text; first, last
/// and a histogram by year for dates.
@Suite struct ColumnSummaryTests {
  @Test(arguments: IntegrationTests.backends) func numbersTextAndDates(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let rate = try fixture.database.summary(of: PropertyPath("rentalRate"), entityName: "Film")
    #expect(rate.kind == .number && rate.rowCount == 300 && rate.nullCount == 0 && rate.distinctCount == 3)
    #expect(ColumnSummary.number(rate.minimum) == 0.99 && ColumnSummary.number(rate.maximum) == 4.99)
    #expect(abs((rate.mean ?? 0) - 2.99) < 0.0001, "\(String(describing: rate.mean))")
    #expect(abs((rate.standardDeviation ?? 0) - 1.6357) < 0.001, "\(String(describing: rate.standardDeviation))")
    #expect(
      rate.percentiles.mapValues { ColumnSummary.number($0) } == [5: 0.99, 25: 0.99, 50: 2.99, 75: 4.99, 95: 4.99])
    #expect(rate.histogram.count == 10 && rate.histogram.map(\.count).reduce(0, +) == 300)
    #expect(rate.histogram.first?.count == 100 && rate.histogram.last?.count == 100, "\(rate.histogram)")

    let filtered = try fixture.database.summary(
      of: PropertyPath("description"), entityName: "Film", qualifier: try Qualifier(parsing: "releaseYear = 2003"))
    #expect(filtered.kind == .text && filtered.rowCount == 43 && filtered.nullCount == 9, "\(filtered)")
    #expect(filtered.shortest == 17 && filtered.longest == 19 && filtered.emptyCount == 0, "\(filtered)")

    try fixture.database.withChannel {
      try $0.executeScript(
        "CREATE TABLE happening (id INTEGER PRIMARY KEY, d DATE, done BOOLEAN); INSERT INTO happening VALUES "
          + "(1, '2004-03-01', TRUE), (2, '2004-07-15', TRUE), (3, '2005-01-10', FALSE), (4, '2007-12-31', TRUE), "
          + "(5, NULL, NULL);")
    }
    let reread = try fixture.secondConnection()
    defer { reread.close() }
    let dates = try reread.summary(of: PropertyPath("d"), entityName: "Happening")
    #expect(
      dates.kind == .temporal && dates.nullCount == 1 && dates.minimum == .date(SQLDate(year: 2004, month: 3, day: 1)))
    #expect(dates.histogram.map(\.count) == [2, 1, 0, 1], "one bucket a year: \(dates.histogram)")
    #expect(dates.histogram.first?.lower == .date(SQLDate(year: 2004, month: 1, day: 1)))
    // A value on a bucket's lower bound is in that bucket, not the one below: 21 prices
    // 9.99 … 29.99 in ten buckets of 2.00, two prices each (and the last three).
    try fixture.database.withChannel {
      try $0.executeScript(
        "CREATE TABLE price (id INTEGER PRIMARY KEY, cost DECIMAL(5,2) NOT NULL); INSERT INTO price VALUES "
          + (0...20).map { "(\($0), \(9 + $0).99)" }.joined(separator: ", ") + ";")
    }
    let prices = try fixture.secondConnection()
    defer { prices.close() }
    let cost = try prices.summary(of: PropertyPath("cost"), entityName: "Price")
    // SELECT count(*) FROM price WHERE cost >= 9.99 + 2 * k AND cost < 11.99 + 2 * k
    #expect(cost.histogram.map(\.count) == [2, 2, 2, 2, 2, 2, 2, 2, 2, 3], "\(cost.histogram)")
    // Nearest rank, as PostgreSQL's percentile_disc(0.95) WITHIN GROUP (ORDER BY cost): the
    // ⌈0.95 · 21⌉ = 20th value, 28.99 (the 5th: ⌈1.05⌉ = 2nd, 10.99).
    let ranks = try prices.summary(of: PropertyPath("cost"), entityName: "Price").percentiles
    #expect(ColumnSummary.number(ranks[95] ?? .null) == 28.99 && ColumnSummary.number(ranks[5] ?? .null) == 10.99)
    #expect(ColumnSummary.number(ranks[50] ?? .null) == 19.99, "the 11th of 21")
    // Ten values, 9.99 … 18.99: p75 is the ⌈7.5⌉ = 8th (16.99), p95 the 10th (18.99).
    let ten = try prices.summary(
      of: PropertyPath("cost"), entityName: "Price", qualifier: try Qualifier(parsing: "id < 10")
    ).percentiles
    #expect(ColumnSummary.number(ten[75] ?? .null) == 16.99 && ColumnSummary.number(ten[95] ?? .null) == 18.99)
    let done = try reread.summary(of: PropertyPath("done"), entityName: "Happening")
    #expect(done.kind == .boolean, "\(done)")
    #expect(
      done.topValues.map(\.count) == [3, 1, 1] && done.topValues.first?.values == [.bool(true)], "\(done.topValues)")
    #expect(filtered.topValues.first == Frequency(values: [.null], count: 9) && filtered.topValues.count == 5)
  }
}
