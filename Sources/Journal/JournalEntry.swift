import Access
import Foundation

/// One change d2t applied, as a value: which row of which entity, its values before and
/// after, when, by whom, on which connection.
///
/// `before` is nil for an insert, `after` nil for a delete; for an update both hold only the
/// attributes that changed. Values are keyed by attribute name.
public struct JournalEntry: Codable, Hashable, Sendable {
  /// Whether the entry is a change the user made, or an undo or redo step of one.
  public enum Step: String, Codable, Hashable, Sendable {
    case change, undo, redo
  }

  public var connection: String
  public var entity: String
  public var key: [String: DatabaseValue]
  public var before: [String: DatabaseValue]?
  public var after: [String: DatabaseValue]?
  public var time: Date
  /// The database user (PostgreSQL `current_user`) or, for SQLite, the OS user.
  public var user: String
  public var step: Step
  /// The save the change was part of: changes of one group (a new row and its join row,
  /// a parent and its lines) are undone and redone together, in one transaction.
  public var group: String?
  /// A batch change's rows (issue 24): each row's key and values before; `after` holds what
  /// all of them took. `key` and `before` are empty for such an entry.
  public var rows: BatchRows?
  /// For `rows`: the step puts each row back to its values before (an undo).
  public var rowsBack = false

  public init(
    connection: String, entity: String, key: [String: DatabaseValue],
    before: [String: DatabaseValue]?, after: [String: DatabaseValue]?, time: Date, user: String,
    step: Step = .change
  ) {
    self.connection = connection
    self.entity = entity
    self.key = key
    self.before = before
    self.after = after
    self.time = time
    self.user = user
    self.step = step
  }

  /// The entry for a change `Database.apply` just applied, from the change and its outcome:
  /// an insert's key and values are the stored row's; an update keeps the attributes it
  /// set, before (what the user saw) and after; a delete keeps the row the user saw.
  public init(
    change: Change, outcome: ChangeOutcome, primaryKey: [String], connection: String,
    user: String, time: Date = Date()
  ) {
    if case .linked(let inner, _) = change {
      self.init(
        change: inner, outcome: outcome, primaryKey: primaryKey, connection: connection, user: user, time: time)
      return
    }
    if case .updateRows(let entity, let rows, let undoing) = change {
      self.init(
        connection: connection, entity: entity, key: [:], before: nil, after: rows.after, time: time, user: user)
      self.rows = rows
      rowsBack = undoing
      return
    }
    switch (change, outcome) {
    case (.insert(let entity, let values), .inserted(let row)):
      let stored = row.dictionary
      self.init(
        connection: connection, entity: entity,
        key: stored.filter { primaryKey.contains($0.key) }, before: nil,
        after: stored.isEmpty ? values : stored, time: time, user: user)
    case (.insert(let entity, let values), _):
      self.init(
        connection: connection, entity: entity, key: values.filter { primaryKey.contains($0.key) },
        before: nil, after: values, time: time, user: user)
    case (.update(let entity, let key, let values, let original), _):
      self.init(
        connection: connection, entity: entity, key: key,
        before: original.filter { values[$0.key] != nil }, after: values, time: time, user: user)
    case (.delete(let entity, let key, let original), _):
      self.init(
        connection: connection, entity: entity, key: key, before: original, after: nil,
        time: time, user: user)
    case (.linked, _), (.updateRows, _):
      self.init(
        connection: connection, entity: change.entityName, key: [:], before: nil, after: nil, time: time, user: user)
    }
  }

  /// The change that undoes this one: before and after swapped.
  public var inverse: JournalEntry {
    var entry = self
    entry.before = after
    entry.after = before
    if rows != nil {
      entry.after = after
      entry.rowsBack.toggle()
    }
    return entry
  }

  /// This entry as a change to apply, checked for conflicts like any save: an update's
  /// `original` is `before`, so applying it fails when the row no longer holds it.
  public var change: Change {
    if let rows { return .updateRows(entity: entity, rows: rows, undoing: rowsBack) }
    switch (before, after) {
    case (nil, let after?):
      return .insert(entity: entity, values: after)
    case (let before?, nil):
      return .delete(entity: entity, key: key, original: before)
    case (let before?, let after?):
      return .update(entity: entity, key: key, values: after, original: before)
    case (nil, nil):
      return .update(entity: entity, key: key, values: [:], original: [:])
    }
  }

  private enum CodingKeys: String, CodingKey {
    case connection, entity, key, before, after, time, user, step, group, rows, rowsBack
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    connection = try c.decode(String.self, forKey: .connection)
    entity = try c.decode(String.self, forKey: .entity)
    key = try c.decode(JournalValues.self, forKey: .key).values
    before = try c.decodeIfPresent(JournalValues.self, forKey: .before)?.values
    after = try c.decodeIfPresent(JournalValues.self, forKey: .after)?.values
    time = try c.decode(Date.self, forKey: .time)
    user = try c.decode(String.self, forKey: .user)
    step = try c.decodeIfPresent(Step.self, forKey: .step) ?? .change
    group = try c.decodeIfPresent(String.self, forKey: .group)
    rows = try c.decodeIfPresent(JournalRows.self, forKey: .rows)?.rows(after: after ?? [:])
    rowsBack = try c.decodeIfPresent(Bool.self, forKey: .rowsBack) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(connection, forKey: .connection)
    try c.encode(entity, forKey: .entity)
    try c.encode(JournalValues(key), forKey: .key)
    try c.encodeIfPresent(before.map(JournalValues.init), forKey: .before)
    try c.encodeIfPresent(after.map(JournalValues.init), forKey: .after)
    try c.encode(time, forKey: .time)
    try c.encode(user, forKey: .user)
    try c.encode(step, forKey: .step)
    try c.encodeIfPresent(group, forKey: .group)
    try c.encodeIfPresent(rows.map(JournalRows.init), forKey: .rows)
    if rowsBack { try c.encode(rowsBack, forKey: .rowsBack) }
  }
}
