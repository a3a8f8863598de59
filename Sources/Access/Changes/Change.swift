/// An insert, update or delete as a value: what to change and what the user saw before.
///
/// Values are keyed by attribute name. `original` holds the values the user was shown;
/// applying the change refuses it with a `Conflict` when the row no longer holds them.
public enum Change: Hashable, Sendable {
  case insert(entity: String, values: [String: DatabaseValue])
  case update(
    entity: String, key: [String: DatabaseValue], values: [String: DatabaseValue],
    original: [String: DatabaseValue])
  case delete(entity: String, key: [String: DatabaseValue], original: [String: DatabaseValue])
  /// A batch change's rows (issue 24), forward (each takes `after` where it still holds its
  /// values before) or, `undoing`, back (each its own values before, where it still holds
  /// `after`): written a few hundred rows a statement, every row checked first.
  case updateRows(entity: String, rows: BatchRows, undoing: Bool)
  /// An insert or update some of whose values come from a row an earlier change of the same
  /// apply inserted: its generated key (a new actor's `id` as the join row's `actorId`, a
  /// new language's `id` as the film's `languageId`). Applied as the change it then is
  /// (`resolved(with:)`).
  indirect case linked(Change, links: [String: Link])

  /// An attribute of the row inserted by the change at `change` (its index in the apply).
  public struct Link: Hashable, Sendable {
    public var change: Int
    public var attribute: String

    public init(change: Int, attribute: String) {
      self.change = change
      self.attribute = attribute
    }
  }

  public var entityName: String {
    switch self {
    case .insert(let entity, _), .update(let entity, _, _, _), .delete(let entity, _, _),
      .updateRows(let entity, _, _):
      return entity
    case .linked(let change, _):
      return change.entityName
    }
  }

  /// The change with its links filled from the outcomes of the changes before it; a link
  /// to a change that inserted no row (or not yet) throws.
  public func resolved(with outcomes: [ChangeOutcome]) throws -> Change {
    guard case .linked(let change, let links) = self else { return self }
    var linked: [String: DatabaseValue] = [:]
    for (attribute, link) in links {
      guard link.change < outcomes.count, case .inserted(let row) = outcomes[link.change],
        let value = row[link.attribute]
      else {
        throw DatabaseError(.statement, "\(entityName).\(attribute) refers to a row not inserted before it")
      }
      linked[attribute] = value
    }
    switch try change.resolved(with: outcomes) {
    case .insert(let entity, let values):
      return .insert(entity: entity, values: values.merging(linked) { _, link in link })
    case .update(let entity, let key, let values, let original):
      return .update(entity: entity, key: key, values: values.merging(linked) { _, link in link }, original: original)
    case let other:
      return other
    }
  }
}

/// What applying one change did.
public enum ChangeOutcome: Hashable, Sendable {
  /// The row as stored, defaults and generated key filled, labelled by attribute name.
  case inserted(Row)
  /// The row as stored after the update.
  case updated(Row)
  case deleted
  /// The rows of an `updateRows`, this many.
  case updatedRows(Int)
}

/// A row changed or deleted by someone else since the user saw it: nothing was written.
public struct Conflict: Error, Hashable, Sendable, CustomStringConvertible {
  /// One attribute whose stored value is no longer what the user saw.
  public struct Field: Hashable, Sendable {
    public var attribute: String
    /// What the user saw.
    public var original: DatabaseValue
    /// What the database holds now.
    public var current: DatabaseValue

    public init(attribute: String, original: DatabaseValue, current: DatabaseValue) {
      self.attribute = attribute
      self.original = original
      self.current = current
    }
  }

  public var entity: String
  public var key: [String: DatabaseValue]
  /// True when the row no longer exists.
  public var isDeleted: Bool
  public var fields: [Field]
  /// In a batch step: how many of its rows moved on (this one is the first); nil for one
  /// row's change.
  public var rowsInConflict: Int?

  public init(entity: String, key: [String: DatabaseValue], isDeleted: Bool, fields: [Field]) {
    self.entity = entity
    self.key = key
    self.isDeleted = isDeleted
    self.fields = fields
  }

  public var description: String {
    let row =
      entity + " "
      + key.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    if isDeleted { return "\(row) was deleted by someone else" }
    let names = fields.map(\.attribute).joined(separator: ", ")
    return "\(row) was changed by someone else (\(names))"
  }
}
