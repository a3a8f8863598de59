import Access
import Qualifiers

/// What `F` on a list column asks for: the column's values over the list's rows.
public struct FrequencyRequest: Hashable, Sendable {
  public var entityName: String
  /// The list's restriction (link, filter, search): the rows counted.
  public var qualifier: Qualifier?
  /// The column's label (`Rating`, `Language`).
  public var label: String
  /// What a group is: the attribute, or a to-one's keys (`languageId`).
  public var keyPaths: [String]
  /// A to-one's title key paths (`language.name`), counted along to show each group's title.
  public var titlePaths: [String]
  /// The rows counted are this statement's result (a console query, run again read only),
  /// and Enter keeps a value's rows in the console page that asked.
  public var source: SQLStatement?
  public var sourcePage: PageID?

  public init(
    entityName: String, qualifier: Qualifier?, label: String, keyPaths: [String], titlePaths: [String] = []
  ) {
    self.entityName = entityName
    self.qualifier = qualifier
    self.label = label
    self.keyPaths = keyPaths
    self.titlePaths = titlePaths
  }

  func specification(byValue: Bool, offset: Int, limit: Int) -> FrequencySpecification {
    var spec = FrequencySpecification(
      entityName: entityName, qualifier: qualifier, keyPaths: (keyPaths + titlePaths).map { PropertyPath($0) },
      byValue: byValue, offset: offset, limit: limit)
    spec.source = source
    return spec
  }

  /// A group as the page shows it: the title for a to-one, else the value.
  func text(of group: Frequency) -> String {
    let shown = titlePaths.isEmpty ? group.values : Array(group.values.dropFirst(keyPaths.count))
    let parts = shown.filter { !$0.isNull }.map(\.plainText)
    if parts.isEmpty {
      return group.values.prefix(keyPaths.count).allSatisfy(\.isNull) ? "∅ (null)" : "∅ (no title)"
    }
    return parts.joined(separator: " ")
  }

  /// The rows of one group: the list's restriction and the group's keys (NULL as IS NULL).
  func drillDown(_ group: Frequency) -> Qualifier {
    let terms = zip(keyPaths, group.values).map { path, value -> Qualifier in
      .comparison(PropertyPath(path), .equal, value.isNull ? .null : value.qualifierValue)
    }
    return .and((qualifier.map { [$0] } ?? []) + terms)
  }
}
