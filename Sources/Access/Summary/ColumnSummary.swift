import Qualifiers

/// What one column holds over a result, computed by the database: counts, and by kind of
/// value the extremes, mean, percentiles and a histogram (numbers), first and last with a
/// histogram (dates and times), lengths and empty strings (text).
public struct ColumnSummary: Hashable, Sendable {
  /// What the column's values are, as the summary treats them.
  public enum Kind: Hashable, Sendable {
    case number
    case temporal
    case text
    case boolean
    /// A to-one: its rows counted by the related row (its keys), the most frequent by title.
    case related
    case other
  }

  /// One bar of a histogram: values from `lower` (inclusive) to `upper` (exclusive; the
  /// last bucket includes the maximum).
  public struct Bucket: Hashable, Sendable {
    public var lower: DatabaseValue
    public var upper: DatabaseValue
    public var count: Int
  }

  public var kind: Kind
  public var rowCount = 0
  public var nullCount = 0
  public var distinctCount = 0
  public var minimum: DatabaseValue = .null
  public var maximum: DatabaseValue = .null
  public var mean: Double?
  public var standardDeviation: Double?
  /// Nearest-rank percentiles (the value at that rank of the sorted non-NULL values): 5,
  /// 25, 50 (the median), 75 and 95.
  public var percentiles: [Int: DatabaseValue] = [:]
  public var histogram: [Bucket] = []
  /// Text: the shortest, longest and average length in characters, and the empty strings.
  public var shortest: Int?
  public var longest: Int?
  public var averageLength: Double?
  public var emptyCount: Int?
  /// Text and booleans: the most frequent values (at most five), NULL among them; for a
  /// boolean that is true, false and NULL.
  public var topValues: [Frequency] = []

  public init(kind: Kind) {
    self.kind = kind
  }

  /// The non-NULL values.
  public var valueCount: Int { rowCount - nullCount }

  /// The percentiles the summary reads.
  public static let ranks = [5, 25, 50, 75, 95]

  /// How a value type is summarised.
  public static func kind(of type: ValueType) -> Kind {
    switch type {
    case .integer, .decimal, .double: return .number
    case .date, .timestamp, .time: return .temporal
    case .text, .enumeration: return .text
    case .boolean: return .boolean
    default: return .other
    }
  }

  /// A value as a number (integers, decimals, reals and their text), for means and buckets.
  public static func number(_ value: DatabaseValue) -> Double? {
    switch value {
    case .integer(let v): return Double(v)
    case .real(let v): return v
    case .decimal(let text), .text(let text): return Double(text)
    default: return nil
    }
  }
}
