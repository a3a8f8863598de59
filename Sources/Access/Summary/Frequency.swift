import Qualifiers

/// How many rows of a result hold each value of a column: the frequency table `F` shows,
/// computed by the database (`GROUP BY`), never by reading the rows. With `aggregates` and
/// `buckets`, a group-by report: dates grouped by year, month, day or hour, and sums,
/// averages, minimums and maximums of each group.
public struct FrequencySpecification: Hashable, Sendable {
  public var entityName: String
  /// The rows counted: the list's restriction, filter and search.
  public var qualifier: Qualifier?
  /// What is grouped by: one attribute, or a to-one's keys and its title's key paths.
  public var keyPaths: [PropertyPath]
  /// Sorted by value (the key paths in order, NULLs last) rather than by count, most first.
  public var byValue = false
  /// Date and timestamp key paths grouped by a bucket (`rentalDate` by month: `2005-07`).
  public var buckets: [PropertyPath: DateBucket] = [:]
  /// Computed for each group after its count.
  public var aggregates: [Aggregate] = []
  /// Sorted by this result column instead (the key paths, then the count, then the
  /// aggregates), NULLs last, then by the key paths.
  public var sortColumn: Int?
  public var ascending = true
  /// Only the groups one of whose values holds this text (case-insensitive).
  public var search: String?
  /// The result columns' names (the key paths, the count, the aggregates), for a result
  /// written to a file; nil names them `v0`…, `n`, `a0`….
  public var columnNames: [String]?
  /// The rows counted are this statement's result (a console query, run again as a
  /// subquery, read only) rather than the entity's: `keyPaths` and the aggregates name its
  /// columns; no qualifier or bucket applies.
  public var source: SQLStatement?
  /// Groups to skip, for the next page.
  public var offset = 0
  public var limit: Int

  public init(
    entityName: String, qualifier: Qualifier? = nil, keyPaths: [PropertyPath], byValue: Bool = false, offset: Int = 0,
    limit: Int
  ) {
    self.entityName = entityName
    self.qualifier = qualifier
    self.keyPaths = keyPaths
    self.byValue = byValue
    self.offset = offset
    self.limit = limit
  }
}

/// One group: its values (one per key path), how many rows hold them, and the aggregates
/// asked for.
public struct Frequency: Hashable, Sendable {
  public var values: [DatabaseValue]
  public var count: Int
  public var aggregates: [DatabaseValue]

  public init(values: [DatabaseValue], count: Int, aggregates: [DatabaseValue] = []) {
    self.values = values
    self.count = count
    self.aggregates = aggregates
  }
}

/// A page of groups with what is known of the whole (the totals nil when not asked for:
/// they stay what they were for the next pages of the same rows).
public struct FrequencyResult: Hashable, Sendable {
  public var groups: [Frequency]
  /// Rows counted (all groups together).
  public var rowCount: Int?
  /// Distinct groups.
  public var groupCount: Int?
  /// The largest group's count (what a bar's full length stands for).
  public var largestCount: Int?

  public init(groups: [Frequency], rowCount: Int? = nil, groupCount: Int? = nil, largestCount: Int? = nil) {
    self.groups = groups
    self.rowCount = rowCount
    self.groupCount = groupCount
    self.largestCount = largestCount
  }
}
