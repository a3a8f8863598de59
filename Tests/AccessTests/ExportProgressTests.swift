import Export
import Testing

@Suite struct ExportProgressTests {
  @Test func lineShowsRowsRateAndTimeLeft() {
    let progress = ExportProgress(rowsDone: 250_000, totalRows: 1_000_000, elapsed: .seconds(2))
    #expect(progress.line == "250,000 / 1,000,000 rows  25%  125,000 rows/s  ETA 0:06")
  }

  @Test func withoutTotalThereIsNoEstimate() {
    let progress = ExportProgress(rowsDone: 999, totalRows: nil, elapsed: .zero)
    #expect(progress.line == "999 rows")
  }
}
