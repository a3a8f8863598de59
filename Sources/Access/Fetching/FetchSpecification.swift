import Qualifiers

/// What to fetch: an entity's rows matching a qualifier, in an order, one page at a time.
///
///     var spec = FetchSpecification(entityName: "Customer")
///     spec.qualifier = try Qualifier(parsing: "lastName like 'S*'")
///     spec.sortOrderings = [SortOrdering("lastName")]
///     spec.keyPaths = ["firstName", "lastName", "address.phone"]
///     spec.limit = 50
///
/// Paging is by keyset, never by OFFSET: `position` names the page by the sort-key values
/// of a row next to it (`FetchResult.pageKey(of:)`), so the last page of a million-row table
/// costs the same as the first.
public struct FetchSpecification: Hashable, Sendable {
  /// Where the page starts.
  public enum Position: Hashable, Sendable {
    /// The first rows in sort order.
    case start
    /// The last rows in sort order (still returned in sort order).
    case end
    /// The rows right after the row with these sort-key values.
    case after([DatabaseValue])
    /// The rows right before the row with these sort-key values (returned in sort order).
    case before([DatabaseValue])
  }

  public var entityName: String
  public var qualifier: Qualifier?
  public var sortOrderings: [SortOrdering]
  /// The key paths to fetch (`address.phone` included); nil fetches every attribute. A path
  /// through a to-many (`actors.lastName`) gives one `.array` of the related rows' values.
  /// The primary key and the sort keys are always fetched too.
  public var keyPaths: [PropertyPath]?
  public var limit: Int?
  /// Rows skipped after `position` (keyset first, then a short OFFSET: a jump of a few
  /// pages from a known row without scanning from the start).
  public var offset: Int
  public var position: Position

  public init(
    entityName: String, qualifier: Qualifier? = nil, sortOrderings: [SortOrdering] = [],
    keyPaths: [PropertyPath]? = nil, limit: Int? = nil, offset: Int = 0, position: Position = .start
  ) {
    self.offset = offset
    self.entityName = entityName
    self.qualifier = qualifier
    self.sortOrderings = sortOrderings
    self.keyPaths = keyPaths
    self.limit = limit
    self.position = position
  }
}
