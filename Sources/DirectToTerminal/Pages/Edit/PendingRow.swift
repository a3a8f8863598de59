import Access

/// A row made in a nested editor and not yet inserted: it goes in when the editor that
/// asked for it saves, in the same transaction, before the row that refers to it.
public struct PendingRow: Hashable, Sendable {
  public var entityName: String
  public var values: [String: DatabaseValue]
  /// Its title, for the field that shows it (`Klingon`).
  public var title: String
}

/// Where a nested editor's new row goes: the editor and to-one field that asked, and the
/// chooser it was made from (closed with the nested editor).
public struct PendingTarget: Hashable, Sendable {
  public var page: PageID
  public var propertyKey: String
  public var chooser: PageID
}
