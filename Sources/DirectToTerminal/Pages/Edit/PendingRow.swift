import Access

/// A row made in a nested editor and not yet inserted: it goes in when the editor that
/// asked for it saves, in the same transaction, before the row that refers to it.
public struct PendingRow: Hashable, Sendable {
  public var entityName: String
  public var values: [String: DatabaseValue]
  /// Its title, for the field that shows it (`Klingon`).
  public var title: String
}

/// Where a nested editor's row goes: the editor and field that asked — a to-one's new row
/// (with the chooser it was made from, closed with the nested editor) or a line of an
/// inline to-many (new, or the one at `line`).
public struct PendingTarget: Hashable, Sendable {
  public enum Slot: Hashable, Sendable {
    case toOne(chooser: PageID)
    case line(Int?)
  }

  public var page: PageID
  public var propertyKey: String
  public var slot: Slot
  /// The entity of the editor that asked (a line's parent: its link is no part of the
  /// line's title).
  public var ownerEntity: String?
}
