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
  public var nextUndo: JournalEntry? {
    guard canUndo else { return nil }
    var step = entries[cursor - 1].inverse
    step.step = .undo
    return step
  }

  /// The step that redoes the next undone change, nil when none is left.
  public var nextRedo: JournalEntry? {
    guard canRedo else { return nil }
    var step = entries[cursor]
    step.step = .redo
    return step
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
