import TerminalCore
import Testing
import Widgets

/// Issue 25 item 4: charts that fit any pane down to 40×12 — bars with their values, columns
/// over time with a y axis of readable ticks and labels that never overlap — in UTF-8 and as
/// an ASCII terminal draws them.
@Suite struct ChartTests {
  static let months = (1...12).map {
    ChartPoint(String(format: "2005-%02d", $0), Double([3, 8, 15, 40, 120, 90, 60, 30, 12, 5, 2, 1][$0 - 1]))
  }

  @Test func ticksAreRoundNumbers() {
    #expect(ChartAxis.ticks(maximum: 120, count: 5) == [0, 50, 100, 150])
    #expect(ChartAxis.ticks(maximum: 7, count: 4) == [0, 2.5, 5, 7.5])
    #expect(ChartAxis.ticks(maximum: 0, count: 3) == [0, 0.5, 1])
    #expect(ChartAxis.ticks(maximum: 2_517.62, count: 6) == [0, 1000, 2000, 3000])
    #expect(ChartAxis.text(2_500) == "2.5k" && ChartAxis.text(1_200_000) == "1.2M" && ChartAxis.text(7.5) == "7.5")
    #expect(ChartAxis.text(950) == "950" && ChartAxis.text(3_000) == "3k" && ChartAxis.text(0.25) == "0.25")
  }

  @Test func barsAt40ColumnsWithTheRestCounted() {
    let points = [ChartPoint("English", 838), ChartPoint("French", 39), ChartPoint("a very long language name", 4)]
    let buffer = render(width: 40, height: 3) { buffer, area in
      BarChart(points: points + [ChartPoint("Klingon", 1)], theme: theme).render(in: area, buffer: &buffer)
    }
    #expect(
      buffer.lines == [
        "English ████████████████████████████ 838",
        "French  █▎ 39                           ",
        "… 2 more                                ",
      ])
  }

  @Test func columnsAt40x12HaveAnAxisAndLabelsThatDoNotOverlap() {
    let buffer = render(width: 40, height: 12) { buffer, area in
      ColumnChart(points: Self.months, theme: theme).render(in: area, buffer: &buffer)
    }
    let lines = buffer.lines
    #expect(lines[0].hasPrefix("125 │"), "\(lines.joined(separator: "\n"))")
    #expect(lines[9].hasPrefix("  0 │"), "\(lines.joined(separator: "\n"))")
    #expect(lines[10].hasPrefix("    └───"), "\(lines.joined(separator: "\n"))")
    // Twelve months of 7 characters under columns 2 wide: every fourth label, each apart.
    #expect(lines[11] == "     2005-01 2005-05 2005-09            ", "\(lines.joined(separator: "\n"))")
    #expect(lines[5].contains("█"), "May's column reaches the middle:\n\(lines.joined(separator: "\n"))")
  }

  @Test func columnsWiderThanTheirPointsAndMoreThanFit() {
    let wide = render(width: 80, height: 12) { buffer, area in
      ColumnChart(points: Array(Self.months.prefix(3)), theme: theme).render(in: area, buffer: &buffer)
    }
    #expect(wide.lines[11].hasPrefix("    2005-01 ") && wide.lines[11].contains("2005-03"), "\(wide.lines)")
    let many = (0..<100).map { ChartPoint("d\($0)", Double($0)) }
    let narrow = render(width: 40, height: 12) { buffer, area in
      ColumnChart(points: many, theme: theme).render(in: area, buffer: &buffer)
    }
    #expect(narrow.lines[0].hasSuffix("(last 35 of 100)"), "\(narrow.lines.joined(separator: "\n"))")
  }

  /// A float or numeric column may hold Infinity and NaN, and finite values far past
  /// `Int64`: they are written as such and left out of the scale, and nothing traps.
  @Test func infinityNaNAndHugeValuesAreLabelledAndLeftOutOfTheScale() {
    #expect(ChartAxis.text(.infinity) == "∞" && ChartAxis.text(-.infinity) == "-∞" && ChartAxis.text(.nan) == "NaN")
    #expect(ChartAxis.text(1e30) == "1e+30" && ChartAxis.text(-2.5e300) == "-2.5e+300")
    #expect(ChartAxis.ticks(maximum: .infinity, count: 5) == ChartAxis.ticks(maximum: 0, count: 5))
    #expect(ChartAxis.ticks(maximum: .greatestFiniteMagnitude, count: 6).allSatisfy { $0.isFinite })
    let bars = render(width: 40, height: 4) { buffer, area in
      BarChart(
        points: [ChartPoint("inf", .infinity), ChartPoint("ten", 10), ChartPoint("nan", .nan), ChartPoint("five", 5)],
        theme: theme
      ).render(in: area, buffer: &buffer)
    }
    #expect(
      bars.lines == [
        "inf  ∞                                  ",
        "ten  ███████████████████████████████ 10 ",
        "nan  NaN                                ",
        "five ███████████████▍ 5                 ",
      ])
    let odd = [.infinity, 8, .nan, -.infinity, 1e300, .greatestFiniteMagnitude].enumerated().map {
      ChartPoint("d\($0.offset)", $0.element)
    }
    let columns = render(width: 40, height: 12) { buffer, area in
      ColumnChart(points: odd, theme: theme).render(in: area, buffer: &buffer)
    }
    #expect(columns.lines[0].contains("│"), "\(columns.lines.joined(separator: "\n"))")
    let finite = render(width: 40, height: 12) { buffer, area in
      ColumnChart(points: [ChartPoint("a", .infinity), ChartPoint("b", 8), ChartPoint("c", .nan)], theme: theme)
        .render(in: area, buffer: &buffer)
    }
    #expect(
      finite.lines[0].hasPrefix("8 │"), "the scale is the finite values':\n\(finite.lines.joined(separator: "\n"))")
  }

  @Test func anASCIITerminalDrawsTheBlocksAsHashes() {
    let buffer = render(width: 40, height: 12) { buffer, area in
      ColumnChart(points: Self.months, theme: theme).render(in: area, buffer: &buffer)
    }
    let ascii = buffer.lines.map(AsciiFallback.text)
    #expect(ascii.allSatisfy { $0.allSatisfy(\.isASCII) })
    #expect(ascii[9].hasPrefix("  0 |") && ascii[9].contains("#"), "\(ascii.joined(separator: "\n"))")
    #expect(ascii[10].hasPrefix("    +---"), "\(ascii.joined(separator: "\n"))")
  }
}
