import Access

/// The session's changes with an undo/redo cursor, as pure state.
///
/// `record` appends a change the user made (dropping anything undone after the cursor).
/// `nextUndo` is the inverse of the newest applied change, `nextRedo` the change the cursor
/// stands before; the app applies it with `Database.apply` (which checks it for conflicts
/// like any save) and only on success calls `didUndo`/`didRedo` to move the cursor.
///
///     if let step = journal.nextUndo {
///       let outcomes = try db.apply([step.change])   // Conflict: the cursor stays
///       journal.didUndo()
///       try store?.append(step)                        // step.step == .undo
///     }
public struct ChangeJournal: Hashable, Sendable {
  /// Every recorded change, oldest first.
  public private(set) var entries: [JournalEntry] = []
  /// How many of `entries` are applied; those after it were undone and can be redone.
  public private(set) var cursor = 0

  public init() {}

  public mutating func record(_ entry: JournalEntry) {
    entries.removeSubrange(cursor...)
    entries.append(entry)
    cursor = entries.count
  }

  public var canUndo: Bool { cursor > 0 }
  public var canRedo: Bool { cursor < entries.count }

  /// The step that undoes the newest applied change (its inverse), nil when none is left.
  public var nextUndo: JournalEntry? { nextUndoGroup.first }

  /// The step that redoes the next undone change, nil when none is left.
  public var nextRedo: JournalEntry? { nextRedoGroup.first }

  /// The steps that undo the newest applied change and the others of its group, newest
  /// first (the order to apply them in, one transaction); empty when none is left.
  public var nextUndoGroup: [JournalEntry] {
    guard canUndo else { return [] }
    var first = cursor - 1
    if let group = entries[first].group {
      while first > 0 && entries[first - 1].group == group { first -= 1 }
    }
    return entries[first..<cursor].reversed().map { entry in
      var step = entry.inverse
      step.step = .undo
      return step
    }
  }

  /// The steps that redo the next undone change and the others of its group, oldest first.
  public var nextRedoGroup: [JournalEntry] {
    guard canRedo else { return [] }
    var end = cursor + 1
    if let group = entries[cursor].group {
      while end < entries.count && entries[end].group == group { end += 1 }
    }
    return entries[cursor..<end].map { entry in
      var step = entry
      step.step = .redo
      return step
    }
  }

  /// The row as a step just left it (its stored values) and what the step itself set
  /// (`written`): the change `nextUndo` would undo next, if it is on the same row, now
  /// expects these values (columns a trigger or default set, such as a `last_update`, no
  /// longer count as someone else's change) — but for a column the step set to another
  /// value than that change left: that value was someone else's (a save that overwrote
  /// their change kept it to restore), and undoing the change must still find it changed.
  public mutating func rowStored(
    entity: String, key: [String: DatabaseValue], values: [String: DatabaseValue],
    written: [String: DatabaseValue]
  ) {
    guard canUndo, entries[cursor - 1].entity == entity, entries[cursor - 1].key == key,
      let after = entries[cursor - 1].after
    else { return }
    let rebased = values.filter { column, _ in
      guard let expected = after[column] else { return false }
      return written[column].map { $0 == expected } ?? true
    }
    entries[cursor - 1].after = after.merging(rebased) { _, stored in stored }
  }

  /// Moves the cursor back once `nextUndo` is applied.
  public mutating func didUndo() {
    if canUndo { cursor -= 1 }
  }

  /// Moves the cursor forward once `nextRedo` is applied.
  public mutating func didRedo() {
    if canRedo { cursor += 1 }
  }
}
