import Foundation
import Qualifiers

extension Database {
  /// The summary of one column over the rows `qualifier` keeps; at most 5 + 3 statements:
  /// counts, extremes, five percentiles (unless `percentiles` is false: each sorts the
  /// values), a histogram.
  ///
  /// With `titlePaths`, `path` is a to-one's foreign key: its rows are counted by the
  /// related row and the most frequent given with their titles (each `Frequency`'s values:
  /// the key, then the titles).
  public func summary(
    of path: PropertyPath, entityName: String, qualifier: Qualifier? = nil, buckets: Int = 10,
    percentiles: Bool = true, titlePaths: [PropertyPath] = []
  ) throws -> ColumnSummary {
    try locked {
      guard let entity = model[entity: entityName] else { throw FetchError("unknown entity '\(entityName)'") }
      let builder = SummaryBuilder(model: model, entity: entity, dialect: dialect, path: path, qualifier: qualifier)
      guard let attribute = builder.attribute else { throw FetchError("\(entity.name) has no property '\(path)'") }
      var summary = ColumnSummary(kind: titlePaths.isEmpty ? ColumnSummary.kind(of: attribute.valueType) : .related)
      let counts =
        try channel.query(builder.counts(distinct: summary.kind != .other)).first?.values.map {
          Int($0.int64Value ?? 0)
        } ?? []
      guard counts.count == 3 else { return summary }
      (summary.rowCount, summary.nullCount, summary.distinctCount) = (counts[0], counts[0] - counts[1], counts[2])
      guard summary.valueCount > 0 else { return summary }
      if summary.kind == .text || summary.kind == .boolean || summary.kind == .related {
        let frequencies = try FrequencyBuilder(model: model, entityName: entity.name, dialect: dialect)
        let keys = [path] + titlePaths
        let top = FrequencySpecification(entityName: entity.name, qualifier: qualifier, keyPaths: keys, limit: 5)
        summary.topValues = try channel.query(frequencies.groups(top)).map {
          FrequencyBuilder.frequency($0, keys: keys.count)
        }
      }
      // Booleans, related rows and values that do not compare have no extremes.
      guard summary.kind != .boolean && summary.kind != .other && summary.kind != .related else { return summary }
      let extremes = try channel.query(builder.extremes(summary.kind)).first?.values ?? []
      guard extremes.count >= 2 else { return summary }
      (summary.minimum, summary.maximum) = (extremes[0], extremes[1])
      switch summary.kind {
      case .number where extremes.count == 4:
        summary.mean = ColumnSummary.number(extremes[2])
        if let mean = summary.mean, let squares = ColumnSummary.number(extremes[3]), summary.valueCount > 1 {
          let n = Double(summary.valueCount)
          summary.standardDeviation = (max(0, squares - mean * mean) * n / (n - 1)).squareRoot()
        }
      case .text where extremes.count == 6:
        summary.shortest = extremes[2].int64Value.map(Int.init)
        summary.longest = extremes[3].int64Value.map(Int.init)
        summary.averageLength = ColumnSummary.number(extremes[4])
        summary.emptyCount = extremes[5].int64Value.map(Int.init) ?? 0
      default:
        break
      }
      guard summary.kind == .number || summary.kind == .temporal else { return summary }
      for rank in percentiles ? ColumnSummary.ranks : [] {
        // Nearest rank: the ⌈p/100 · n⌉-th smallest value (1-based), as `percentile_disc`.
        let offset = min(summary.valueCount - 1, max(0, (rank * summary.valueCount + 99) / 100 - 1))
        summary.percentiles[rank] = try channel.query(builder.value(atRank: offset)).first?.values.first ?? .null
      }
      let bounds = HistogramBounds.bounds(from: summary.minimum, to: summary.maximum, buckets: buckets)
      guard !bounds.isEmpty else { return summary }
      let inner = bounds.dropFirst().dropLast().map { dialect == .sqlite ? $0.sqliteComparable : $0 }
      guard !inner.isEmpty else {
        // One value, or a span too short to divide: one bucket.
        summary.histogram = [
          ColumnSummary.Bucket(lower: summary.minimum, upper: summary.maximum, count: summary.valueCount)
        ]
        return summary
      }
      var counted = [Int](repeating: 0, count: bounds.count - 1)
      for row in try channel.query(builder.histogram(bounds: Array(inner), numeric: summary.kind == .number)) {
        guard let index = row.values[0].int64Value.map(Int.init), counted.indices.contains(index) else { continue }
        counted[index] = Int(row.values[1].int64Value ?? 0)
      }
      summary.histogram = counted.indices.map {
        ColumnSummary.Bucket(lower: bounds[$0], upper: bounds[$0 + 1], count: counted[$0])
      }
      return summary
    }
  }
}

extension DatabaseValue {
  /// A date or time bound as SQLite stores it: text, `2005-05-24 22:53:30`.
  fileprivate var sqliteComparable: DatabaseValue {
    switch self {
    case .date(let date): return .text(date.description)
    case .timestamp(let stamp): return .text(stamp.description)
    default: return self
    }
  }
}
