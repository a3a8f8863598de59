import Access
import Foundation
import Journal

/// The session's change journal (issue #15): every change d2t applied, as a value, with an
/// undo/redo cursor, and a title for each (the row as the user knew it) for banners and
/// the journal page. `u` applies `nextUndo`, `U` `nextRedo`; each step is checked for
/// conflicts like any save, and only a step that was applied moves the cursor.
public struct SessionJournal: Equatable, Sendable {
  /// One change with its title; `isUndone` once undone (it can be redone).
  public struct Line: Equatable, Sendable {
    public var entry: JournalEntry
    public var title: String
    public var isUndone: Bool
  }

  public private(set) var journal = ChangeJournal()
  private var titles: [String] = []
  private var beforeTitles: [String?] = []

  public init() {}

  /// Records a change the user made; undone changes after the cursor are dropped.
  public mutating func record(_ entry: JournalEntry, title: String, beforeTitle: String? = nil) {
    journal.record(entry)
    titles.removeSubrange(min(titles.count, journal.entries.count - 1)...)
    beforeTitles.removeSubrange(min(beforeTitles.count, journal.entries.count - 1)...)
    titles.append(title)
    beforeTitles.append(beforeTitle)
  }

  /// The steps of the next undo or redo: a whole save's changes (`JournalEntry.group`).
  public var nextUndoGroup: [JournalEntry] { journal.nextUndoGroup }
  public var nextRedoGroup: [JournalEntry] { journal.nextRedoGroup }

  /// The title of the change `u` would undo / `U` would redo.
  public var undoTitle: String? { journal.canUndo ? titles[journal.cursor - 1] : nil }
  public var redoTitle: String? { journal.canRedo ? titles[journal.cursor] : nil }
  /// The title of the `offset`th step of the next undo (newest first) or redo (oldest first)
  /// — for redo the row as it is while undone — naming the row of a save that failed.
  public func stepTitle(at offset: Int, undo: Bool) -> String? {
    let index = undo ? journal.cursor - 1 - offset : journal.cursor + offset
    guard titles.indices.contains(index) else { return nil }
    return undo ? titles[index] : (beforeTitles[index] ?? titles[index])
  }

  /// The row's title before the change `U` would redo (as the row is while it is undone).
  public var redoBeforeTitle: String? {
    guard journal.canRedo else { return nil }
    return beforeTitles[journal.cursor] ?? titles[journal.cursor]
  }

  /// After a step: the change to undo next expects the row as the step stored it, but for
  /// what the step set to another value than that change left (`ChangeJournal.rowStored`).
  public mutating func rowStored(
    _ outcome: ChangeOutcome?, entity: String, key: [String: DatabaseValue], written: [String: DatabaseValue]
  ) {
    switch outcome {
    case .inserted(let row)?, .updated(let row)?:
      journal.rowStored(entity: entity, key: key, values: row.dictionary, written: written)
    default:
      break
    }
  }

  public mutating func didUndo() { journal.didUndo() }
  public mutating func didRedo() { journal.didRedo() }

  /// The journal a kept file holds (`keepsJournal`), replayed in order — changes recorded,
  /// undo and redo steps moving the cursor — so after a restart `J` lists the changes and
  /// `u`/`U` walk them, each step still checked for conflicts. Titles are the rows' titles
  /// from the values the entries kept.
  public mutating func restore(_ entries: [JournalEntry], model: Model) {
    for entry in entries {
      switch entry.step {
      case .change where entry.rows != nil:
        let count = entry.rows?.count ?? 0
        let name = model[entity: entry.entity]?.displayName ?? entry.entity
        record(entry, title: "\(count) row\(count == 1 ? "" : "s") of \(name)")
      case .change:
        record(
          entry, title: Self.title(entry.after ?? entry.before, entry, model),
          beforeTitle: entry.before.map {
            Self.title($0, entry, model)
          })
      case .undo: didUndo()
      case .redo: didRedo()
      }
    }
  }

  /// A row's title from the values an entry kept (with its key), as the app names rows.
  private static func title(_ values: [String: DatabaseValue]?, _ entry: JournalEntry, _ model: Model) -> String {
    let all = entry.key.merging(values ?? [:]) { key, _ in key }
    guard let entity = model[entity: entry.entity] else {
      return entry.entity + " "
        + entry.key.keys.sorted().compactMap { entry.key[$0]?.plainText }.joined(separator: ", ")
    }
    return RecordTitle.title(of: Row(all), entity: entity)
  }

  /// How many changes `u` can still undo, and `U` redo.
  public var undoCount: Int { journal.cursor }
  public var redoCount: Int { journal.entries.count - journal.cursor }

  /// Every change, newest first.
  public var lines: [Line] {
    journal.entries.indices.reversed().map { index in
      Line(entry: journal.entries[index], title: titles[index], isUndone: index >= journal.cursor)
    }
  }
}

extension ChangeRecord {
  /// The journal's value for this change: its key, the values before and after (from the
  /// change and the inverse d2t computed from what was stored).
  func journalEntry(connection: String, user: String, time: Date) -> JournalEntry {
    let entity = change.entityName
    if case .updateRows = change {
      return JournalEntry(
        change: change, outcome: .deleted, primaryKey: [], connection: connection, user: user, time: time)
    }
    switch (change, inverse) {
    case (_, .update(_, let key, let before, let after)):
      return JournalEntry(
        connection: connection, entity: entity, key: key, before: before, after: after, time: time, user: user)
    case (.insert(_, let given), .delete(_, let key, let stored)),
      (.linked(.insert(_, let given), _), .delete(_, let key, let stored)):
      // The values the user gave and the key, as stored: columns the database fills
      // (a last_update a trigger moves on) do not make undoing the insert a conflict,
      // and a redo lets the database fill them again.
      let after = stored.filter { given[$0.key] != nil || key[$0.key] != nil }
      return JournalEntry(
        connection: connection, entity: entity, key: key, before: nil, after: after, time: time, user: user)
    case (_, .delete(_, let key, let stored)):
      return JournalEntry(
        connection: connection, entity: entity, key: key, before: nil, after: stored, time: time, user: user)
    case (.delete(_, let key, let original), .insert):
      return JournalEntry(
        connection: connection, entity: entity, key: key, before: original, after: nil, time: time, user: user)
    case (_, .insert(_, let values)):
      return JournalEntry(
        connection: connection, entity: entity, key: [:], before: values, after: nil, time: time, user: user)
    case (_, .linked), (_, .updateRows):
      return JournalEntry(
        connection: connection, entity: entity, key: [:], before: nil, after: nil, time: time, user: user)
    }
  }
}
