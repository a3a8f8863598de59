import Access
import Qualifiers

/// What a batch page is opened with: the marked rows of a list.
public struct BatchRequest: Hashable, Sendable {
  /// The marked rows, as a qualifier (`RowMarks.qualifier` within the list's own).
  public var qualifier: Qualifier
  /// The rows marked one by one, with what they held when marked (conflict checks).
  public var seen: [[String: DatabaseValue]: [String: DatabaseValue]]
  /// How many rows are marked, as the list last counted them.
  public var count: Int?

  public init(qualifier: Qualifier, seen: [[String: DatabaseValue]: [String: DatabaseValue]], count: Int?) {
    self.qualifier = qualifier
    self.seen = seen
    self.count = count
  }
}
