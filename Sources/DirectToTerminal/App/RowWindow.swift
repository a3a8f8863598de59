import Access

/// Which page of rows a list asks for.
enum RowRequest: Hashable, Sendable {
  /// The first page (a new query, `g`, reload).
  case first
  /// The last page (`G`).
  case last
  /// The page after the last loaded row (scrolling down).
  case next
  /// The page before the first loaded row (scrolling up).
  case previous
}

/// The slice of a query's result a list holds: a few pages around what is on screen,
/// extended by keyset fetches as the user scrolls and trimmed at the far end, so memory
/// stays the same for any table size.
struct RowWindow: Hashable {
  var rows: [Row] = []
  /// The keys (sort values) the rows are ordered by, to name neighbouring pages.
  var sortKey: [String] = []
  /// The window's first row is the result's first row.
  var atStart = false
  /// The window's last row is the result's last row.
  var atEnd = false
  /// The result index of `rows[0]`; nil after jumping to the end before the count is known.
  var firstIndex: Int?
  /// The index in the result of `rows[0]` counted from the end (set when anchored at the end).
  var indexFromEnd: Int?

  static let maxRows = 600

  /// Places a fetched page into the window; returns how many rows were removed from the
  /// front (the caller shifts its selection by that much).
  mutating func apply(_ result: FetchResult, for request: RowRequest, pageSize: Int) -> Int {
    let page = result.rows
    sortKey = result.sortKey.map(\.description)
    switch request {
    case .first:
      rows = page
      atStart = true
      atEnd = page.count < pageSize
      firstIndex = 0
      indexFromEnd = nil
      return 0
    case .last:
      rows = page
      atEnd = true
      atStart = page.count < pageSize
      firstIndex = atStart ? 0 : nil
      indexFromEnd = page.count
      return 0
    case .next:
      rows += page
      atEnd = page.count < pageSize
      var removed = 0
      if rows.count > Self.maxRows {
        removed = rows.count - Self.maxRows
        rows.removeFirst(removed)
        atStart = false
        firstIndex = firstIndex.map { $0 + removed }
      }
      if let fromEnd = indexFromEnd { indexFromEnd = fromEnd + page.count - removed }
      return removed
    case .previous:
      rows = page + rows
      atStart = page.count < pageSize
      firstIndex = firstIndex.map { max(0, $0 - page.count) } ?? (atStart ? 0 : nil)
      if let fromEnd = indexFromEnd { indexFromEnd = fromEnd + page.count }
      if rows.count > Self.maxRows {
        let drop = rows.count - Self.maxRows
        rows.removeLast(drop)
        atEnd = false
        indexFromEnd = indexFromEnd.map { $0 - drop }
      }
      return -page.count
    }
  }

  /// The result index of the row at `index` in the window, when it can be known.
  func resultIndex(of index: Int, total: Int?) -> Int? {
    if let firstIndex { return firstIndex + index }
    if let total, let indexFromEnd { return total - indexFromEnd + index }
    return nil
  }

  /// The page key of a row (its sort values), for `.after`/`.before` positions.
  func pageKey(of row: Row) -> [DatabaseValue] {
    sortKey.map { row[$0] ?? .null }
  }
}
