import Access
import Widgets

/// What a chart page draws: a number (a count or an aggregate) over the groups of a
/// `GROUP BY` it runs itself — as horizontal bars over categories, as columns over time
/// for dates grouped by year, month, day or hour — or points already computed (a
/// summary's histogram).
public struct ChartRequest: Hashable, Sendable {
  /// The groups to draw (nil: `points` are given).
  public var specification: FrequencySpecification?
  /// Which of a group's values name it (a to-one's title, not its key).
  public var labelValues: [Int]
  /// The aggregate drawn (its index), nil for the count.
  public var aggregate: Int?
  /// What is drawn and over what: `Count` by `Language`.
  public var valueLabel: String
  public var categoryLabel: String
  /// Columns over time (the groups in their order) rather than bars, largest first.
  public var isTime: Bool
  /// Points computed already.
  public var points: [ChartPoint]?

  public init(
    specification: FrequencySpecification?, labelValues: [Int] = [], aggregate: Int? = nil, valueLabel: String,
    categoryLabel: String, isTime: Bool, points: [ChartPoint]? = nil
  ) {
    self.specification = specification
    self.labelValues = labelValues
    self.aggregate = aggregate
    self.valueLabel = valueLabel
    self.categoryLabel = categoryLabel
    self.isTime = isTime
    self.points = points
  }

  /// Groups read for a chart: bars are the largest, columns the first in time.
  static let limit = 2_000

  /// The statement's specification as the chart reads it: bars by the value drawn, largest
  /// first; columns by time, the latest first (the chart reverses them: it shows the last
  /// that fit).
  var query: FrequencySpecification? {
    guard var spec = specification else { return nil }
    spec.offset = 0
    spec.limit = Self.limit
    if isTime {
      spec.sortColumn = labelValues.first ?? 0
      spec.ascending = false
    } else {
      spec.sortColumn = spec.keyPaths.count + (aggregate.map { $0 + 1 } ?? 0)
      spec.ascending = false
    }
    return spec
  }

  /// A group as a point: its label (`∅` for none) and the number drawn.
  func point(_ group: Frequency) -> ChartPoint {
    let parts = labelValues.compactMap { group.values.indices.contains($0) ? group.values[$0] : nil }
      .filter { !$0.isNull }.map(\.plainText)
    let value: Double
    if let aggregate, group.aggregates.indices.contains(aggregate) {
      value = Double(group.aggregates[aggregate].literalText) ?? 0
    } else {
      value = Double(group.count)
    }
    return ChartPoint(parts.isEmpty ? "∅" : parts.joined(separator: " "), value)
  }
}
