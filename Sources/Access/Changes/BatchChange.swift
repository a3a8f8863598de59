import Qualifiers

/// A change of many rows at once (issue 24's batch change): every row `qualifier` names
/// (a list's marks) takes `values`, in one `UPDATE`.
public struct BatchChange: Hashable, Sendable {
  public var entityName: String
  /// The rows: a list's marks, as its qualifier.
  public var qualifier: Qualifier
  /// Attribute name → the value every row takes.
  public var values: [String: DatabaseValue]
  /// Rows marked one by one, by key, with what they held when marked: one that no longer
  /// holds it in a column the change sets was changed by someone else (a conflict).
  public var seen: [[String: DatabaseValue]: [String: DatabaseValue]]

  public init(
    entityName: String, qualifier: Qualifier, values: [String: DatabaseValue],
    seen: [[String: DatabaseValue]: [String: DatabaseValue]] = [:]
  ) {
    self.entityName = entityName
    self.qualifier = qualifier
    self.values = values
    self.seen = seen
  }
}

/// What a batch change would do, found by the database: how many rows, the statement,
/// the marked rows changed since they were marked, and what the database said when the
/// change was tried in a transaction that was then rolled back.
public struct BatchPreview: Hashable, Sendable {
  public var count: Int
  public var statement: SQLStatement
  /// Rows marked one by one that someone else changed since, in a column the change sets.
  public var conflicts: [Conflict]
  /// The database's refusal, nil when it took the change.
  public var problem: DatabaseError?
  /// How many rows the database refuses, tried one by one (for up to
  /// `BatchChange.rowsTriedOneByOne` rows; nil beyond, or when it took the change).
  public var refusedRows: Int?
  /// The first rows refused, by key.
  public var refusedKeys: [[String: DatabaseValue]] = []

  public init(count: Int, statement: SQLStatement, conflicts: [Conflict] = [], problem: DatabaseError? = nil) {
    self.count = count
    self.statement = statement
    self.conflicts = conflicts
    self.problem = problem
  }
}

extension BatchChange {
  /// A refused change is tried row by row (each in a savepoint) to count the rows the
  /// database refuses, up to this many rows.
  public static let rowsTriedOneByOne = 2_000
}
