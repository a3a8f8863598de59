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

  public var entityName: String {
    switch self {
    case .insert(let entity, _), .update(let entity, _, _, _), .delete(let entity, _, _):
      return entity
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
