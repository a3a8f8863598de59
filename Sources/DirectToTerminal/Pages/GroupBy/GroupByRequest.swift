import Access
import Export
import Foundation
import Qualifiers

/// One grouping of a group-by report: an attribute, a date by year, month, day or hour, or
/// a to-one (grouped by its keys, shown by its title).
public struct GroupColumn: Hashable, Sendable {
  public var label: String
  /// The attribute, or a to-one's foreign-key attributes.
  public var keyPaths: [String]
  /// A to-one's title key paths (`language.name`), grouped along to show each group's title.
  public var titlePaths: [String]
  /// A date or timestamp grouped by its year, month, day or hour.
  public var bucket: DateBucket?
  /// The attribute is a date (not a timestamp): a bucket's rows are compared as dates.
  public var isDate: Bool

  public init(
    label: String, keyPaths: [String], titlePaths: [String] = [], bucket: DateBucket? = nil, isDate: Bool = false
  ) {
    self.label = label
    self.keyPaths = keyPaths
    self.titlePaths = titlePaths
    self.bucket = bucket
    self.isDate = isDate
  }

  /// `Rental Date by month`.
  var title: String { bucket.map { label + " by " + $0.rawValue } ?? label }
}

/// What a group-by page computes: the rows of a list (its restriction, filter and search)
/// grouped by one or two columns, counted, with aggregates of each group.
public struct GroupByRequest: Hashable, Sendable {
  public var entityName: String
  public var qualifier: Qualifier?
  public var groups: [GroupColumn]
  public var aggregates: [Aggregate]
  /// How each aggregate is headed (`Sum of Amount`), in order.
  public var aggregateLabels: [String]
  /// Only groups one of whose values holds this text (`/`).
  public var search: String?

  public init(
    entityName: String, qualifier: Qualifier?, groups: [GroupColumn], aggregates: [Aggregate] = [],
    aggregateLabels: [String] = []
  ) {
    self.entityName = entityName
    self.qualifier = qualifier
    self.groups = groups
    self.aggregates = aggregates
    self.aggregateLabels = aggregateLabels
  }

  /// The columns shown: each grouping, the count, each aggregate.
  var headers: [String] {
    groups.map(\.title) + ["Count"]
      + aggregates.indices.map {
        aggregateLabels.indices.contains($0) ? aggregateLabels[$0] : aggregates[$0].description
      }
  }

  /// Where each grouping's values start among a group's values.
  private var offsets: [Int] {
    var offsets: [Int] = []
    var next = 0
    for group in groups {
      offsets.append(next)
      next += group.keyPaths.count + group.titlePaths.count
    }
    return offsets
  }

  private var keyCount: Int { groups.reduce(0) { $0 + $1.keyPaths.count + $1.titlePaths.count } }

  func specification(sortColumn: Int?, ascending: Bool, offset: Int, limit: Int) -> FrequencySpecification {
    var spec = FrequencySpecification(
      entityName: entityName, qualifier: qualifier,
      keyPaths: groups.flatMap { ($0.keyPaths + $0.titlePaths).map { PropertyPath($0) } }, byValue: true,
      offset: offset, limit: limit)
    for group in groups {
      if let bucket = group.bucket, let path = group.keyPaths.first { spec.buckets[PropertyPath(path)] = bucket }
    }
    spec.aggregates = aggregates
    spec.search = search
    if let column = sortColumn {
      // A to-one sorts by its title, the rest by the value shown.
      if column < groups.count {
        spec.sortColumn = offsets[column] + groups[column].keyPaths.count - (groups[column].titlePaths.isEmpty ? 1 : 0)
      } else {
        spec.sortColumn = keyCount + (column - groups.count)
      }
      spec.ascending = ascending
    }
    return spec
  }

  /// The groups written to a file: the columns the page shows, named as it heads them (a
  /// to-one by its title, not its keys), every group in the page's order.
  func export(sortColumn: Int?, ascending: Bool, in session: Session) throws(FetchError) -> QueryExportRequest {
    var spec = specification(sortColumn: sortColumn, ascending: ascending, offset: 0, limit: Int(Int32.max))
    var names: [String] = []
    var shown: [Int] = []
    for (index, grouping) in groups.enumerated() {
      for (position, path) in (grouping.keyPaths + grouping.titlePaths).enumerated() {
        let isTitle = position >= grouping.keyPaths.count
        if grouping.titlePaths.isEmpty || isTitle { shown.append(names.count) }
        // A title of several parts, a column each: `Staff First Name`, `Staff Last Name`.
        let suffix =
          grouping.titlePaths.count > 1 && isTitle
          ? " " + Inflector.displayName(PropertyPath(path).components.last ?? path) : ""
        names.append(isTitle || grouping.titlePaths.isEmpty ? headers[index] + suffix : "key \(index).\(position)")
      }
    }
    let rest = Array(headers.dropFirst(groups.count))
    shown += rest.indices.map { names.count + $0 }
    names += rest
    spec.columnNames = names
    return QueryExportRequest(
      statement: try spec.statement(in: session.model, dialect: session.dialect), columns: shown,
      table: "groups", format: .csv)
  }

  /// The value in a column as the page shows it (a to-one's title, `∅` for none).
  func value(of group: Frequency, column: Int) -> DatabaseValue? {
    if column < groups.count {
      let grouping = groups[column]
      let start = offsets[column]
      let shown =
        grouping.titlePaths.isEmpty
        ? start..<(start + grouping.keyPaths.count)
        : (start + grouping.keyPaths.count)..<(start + grouping.keyPaths.count + grouping.titlePaths.count)
      let values = shown.compactMap { group.values.indices.contains($0) ? group.values[$0] : nil }.filter { !$0.isNull }
      return values.isEmpty ? nil : .text(values.map(\.plainText).joined(separator: " "))
    }
    if column == groups.count { return .integer(Int64(group.count)) }
    let index = column - groups.count - 1
    guard group.aggregates.indices.contains(index), aggregates.indices.contains(index) else { return nil }
    let value = group.aggregates[index]
    // Averages, and sums of amounts, with two places at least on every engine (SQLite's
    // `round` gives 4.9 for 4.90).
    switch (aggregates[index].function, value) {
    case (.avg, .decimal), (.avg, .integer), (.avg, .real), (.sum, .real):
      return .decimal(Self.padded(value.literalText, places: 2))
    case (.sum, .decimal(let text)) where text.contains("."):
      return .decimal(Self.padded(text, places: 2))
    default:
      return value
    }
  }

  /// `4.9` → `4.90`, `4` → `4.00`; more places are kept.
  static func padded(_ text: String, places: Int) -> String {
    let parts = text.split(separator: ".", maxSplits: 1)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    guard fraction.count < places, let whole = parts.first else { return text }
    return whole + "." + fraction + String(repeating: "0", count: places - fraction.count)
  }

  /// The rows of one group: the list's restriction and each grouping's value (NULL as IS
  /// NULL, a date bucket as the range it covers).
  func drillDown(_ group: Frequency) -> Qualifier {
    var terms = qualifier.map { [$0] } ?? []
    for (index, grouping) in groups.enumerated() {
      let values = Array(group.values.dropFirst(offsets[index]).prefix(grouping.keyPaths.count))
      if let bucket = grouping.bucket, let path = grouping.keyPaths.first, let label = values.first?.stringValue,
        let range = bucket.range(of: label, isDate: grouping.isDate)
      {
        terms.append(.comparison(PropertyPath(path), .greaterOrEqual, .string(range.start)))
        terms.append(.comparison(PropertyPath(path), .less, .string(range.end)))
        continue
      }
      for (path, value) in zip(grouping.keyPaths, values) {
        terms.append(.comparison(PropertyPath(path), .equal, value.isNull ? .null : value.qualifierValue))
      }
    }
    return .and(terms)
  }

  /// `Rating = PG, Language = English`: a group as the breadcrumb of its rows.
  func title(of group: Frequency) -> String {
    groups.indices.map { index in
      groups[index].title + " = " + (value(of: group, column: index)?.plainText ?? "∅")
    }.joined(separator: ", ")
  }
}

extension DateBucket {
  /// The start of the bucket a label names and the start of the next, as qualifier text:
  /// `2005-07` → `2005-07-01 00:00:00` ..< `2005-08-01 00:00:00` (dates without the time).
  func range(of label: String, isDate: Bool) -> (start: String, end: String)? {
    let numbers = label.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
    var calendar = Calendar(identifier: .gregorian)
    guard let utc = TimeZone(identifier: "UTC") else { return nil }
    calendar.timeZone = utc
    var components = DateComponents(year: numbers.first, month: 1, day: 1, hour: 0)
    let unit: Calendar.Component
    switch self {
    case .year: unit = .year
    case .month: unit = .month
    case .day: unit = .day
    case .hour: unit = .hour
    }
    let needed = [DateBucket.year: 1, .month: 2, .day: 3, .hour: 4][self] ?? 1
    guard numbers.count >= needed else { return nil }
    if needed > 1 { components.month = numbers[1] }
    if needed > 2 { components.day = numbers[2] }
    if needed > 3 { components.hour = numbers[3] }
    guard let start = calendar.date(from: components), let end = calendar.date(byAdding: unit, value: 1, to: start)
    else { return nil }
    func text(_ date: Date) -> String {
      let c = calendar.dateComponents([.year, .month, .day, .hour], from: date)
      let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 1, c.day ?? 1)
      return isDate ? day : day + String(format: " %02d:00:00", c.hour ?? 0)
    }
    return (text(start), text(end))
  }
}
