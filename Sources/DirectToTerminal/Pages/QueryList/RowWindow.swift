import Access

/// Where a row is in a query's result: counted from its first row or from its last (after
/// `G` on a table whose size is not known yet).
public enum RowPosition: Hashable, Sendable {
  case fromStart(Int)
  case fromEnd(Int)

  var index: Int {
    switch self {
    case .fromStart(let n), .fromEnd(let n): return n
    }
  }

  /// Moves towards the end of the result by `delta` rows (negative: towards the start).
  func moved(by delta: Int) -> RowPosition {
    switch self {
    case .fromStart(let n): return .fromStart(max(0, n + delta))
    case .fromEnd(let n): return .fromEnd(max(0, n - delta))
    }
  }

  /// The same position counted from the start, given the exact number of rows.
  func fromStart(total: Int) -> Int {
    switch self {
    case .fromStart(let n): return n
    case .fromEnd(let n): return max(0, total - 1 - n)
    }
  }
}

/// The slice of a query's result a list holds: a few pages around the cursor, extended by
/// keyset fetches and trimmed at the far end, so memory stays the same for any table size.
/// The window knows where it lies in the result from the start, from the end, or both.
struct RowWindow: Hashable, Sendable {
  var rows: [Row] = []
  /// The key paths the rows are ordered by, to name neighbouring pages.
  var sortKey: [String] = []
  /// Whether a row's sort values name it alone; when not (an entity without a key),
  /// neighbouring pages are fetched by offset (`WindowFetch.neighbour`).
  var identifiesRows = true
  /// The result index of `rows[0]`, when known.
  var firstFromStart: Int?
  /// How many rows follow `rows.last` in the result, when known (0: the window ends the
  /// result).
  var lastFromEnd: Int?

  static let maxRows = 600

  var atStart: Bool { firstFromStart == 0 }
  var atEnd: Bool { lastFromEnd == 0 }

  /// The number of rows in the result, when the window can tell.
  var knownTotal: Int? {
    guard let first = firstFromStart, let last = lastFromEnd else { return nil }
    return first + rows.count + last
  }

  /// The window index holding `position`, if any.
  func index(of position: RowPosition) -> Int? {
    guard !rows.isEmpty else { return nil }
    let index: Int
    switch position {
    case .fromStart(let n):
      guard let first = firstFromStart else { return nil }
      index = n - first
    case .fromEnd(let n):
      guard let last = lastFromEnd else { return nil }
      index = rows.count - 1 - (n - last)
    }
    return rows.indices.contains(index) ? index : nil
  }

  /// Fills in the coordinate the window lacks once the result's size is exact.
  mutating func learn(total: Int) {
    if let first = firstFromStart {
      lastFromEnd = max(0, total - first - rows.count)
    } else if let last = lastFromEnd {
      firstFromStart = max(0, total - last - rows.count)
    }
  }

  /// The page key of a row (its sort values), for `.after`/`.before` positions.
  func pageKey(of row: Row) -> [DatabaseValue] {
    sortKey.map { row[$0] ?? .null }
  }
}

/// One fetch of a window: where the page starts and where its rows go.
public struct WindowFetch: Hashable, Sendable {
  public enum Placement: Hashable, Sendable {
    /// The page's first row is at this position; it replaces the window.
    case firstAt(RowPosition)
    /// The page's last row is at this position; it replaces the window.
    case lastAt(RowPosition)
    /// The page continues the window after its last row.
    case append
    /// The page precedes the window's first row.
    case prepend
  }

  var position: FetchSpecification.Position
  var offset: Int
  var limit: Int
  var placement: Placement
  /// The query generation it belongs to (a new search or sort starts a new one).
  var generation: Int

  /// The cheapest fetch that brings `target` into `window`: from the start, from the end,
  /// or by keyset from the window's edge with a short OFFSET.
  static func plan(
    target: RowPosition, window: RowWindow, total: Int?, pageSize: Int, generation: Int
  ) -> WindowFetch {
    let n = pageSize
    var options: [(cost: Int, fetch: WindowFetch)] = []
    func add(_ cost: Int, _ position: FetchSpecification.Position, _ offset: Int, _ placement: Placement) {
      options.append(
        (
          cost,
          WindowFetch(
            position: position, offset: offset, limit: n, placement: placement, generation: generation)
        ))
    }
    switch target {
    case .fromStart(let t):
      let start = max(0, t - n / 4)
      add(start, .start, start, .firstAt(.fromStart(start)))
      if let total {
        let end = min(total, t + n - n / 4)
        add(total - end + 1, .end, total - end, .lastAt(.fromEnd(total - end)))
      }
      if window.identifiesRows, let first = window.firstFromStart, let firstRow = window.rows.first,
        let lastRow = window.rows.last
      {
        let end = first + window.rows.count
        if t >= end {
          let skip = max(0, start - end)
          add(
            skip, .after(window.pageKey(of: lastRow)), skip,
            skip == 0 ? .append : .firstAt(.fromStart(end + skip)))
        } else if t < first {
          let until = min(first, t + n - n / 4)
          let skip = first - until
          add(
            skip, .before(window.pageKey(of: firstRow)), skip,
            skip == 0 ? .prepend : .lastAt(.fromStart(until - 1)))
        }
      }
    case .fromEnd(let k):
      let near = max(0, k - n / 4)
      add(near, .end, near, .lastAt(.fromEnd(near)))
      if window.identifiesRows, let last = window.lastFromEnd, let firstRow = window.rows.first,
        let lastRow = window.rows.last
      {
        let far = last + window.rows.count
        if k >= far {
          let skip = max(0, near - far)
          add(
            skip, .before(window.pageKey(of: firstRow)), skip,
            skip == 0 ? .prepend : .lastAt(.fromEnd(far + skip)))
        } else if k < last {
          let until = min(last, k + n - n / 4)
          let skip = last - until
          add(
            skip, .after(window.pageKey(of: lastRow)), skip,
            skip == 0 ? .append : .firstAt(.fromEnd(until - 1)))
        }
      }
    }
    return options.min { $0.cost < $1.cost }?.fetch
      ?? WindowFetch(position: .start, offset: 0, limit: n, placement: .firstAt(.fromStart(0)), generation: generation)
  }

  /// The page after the window's last row (`appending`) or before its first: by keyset from
  /// that row, or, when rows have no key, by offset from whichever end the window knows.
  /// Nil when the window is empty or, without a key, knows neither end.
  static func neighbour(
    appending: Bool, window: RowWindow, pageSize n: Int, generation: Int
  ) -> WindowFetch? {
    guard let firstRow = window.rows.first, let lastRow = window.rows.last else { return nil }
    func fetch(_ position: FetchSpecification.Position, _ offset: Int, _ limit: Int) -> WindowFetch {
      WindowFetch(
        position: position, offset: offset, limit: limit, placement: appending ? .append : .prepend,
        generation: generation)
    }
    if window.identifiesRows {
      return appending
        ? fetch(.after(window.pageKey(of: lastRow)), 0, n) : fetch(.before(window.pageKey(of: firstRow)), 0, n)
    }
    if let first = window.firstFromStart {
      if appending { return fetch(.start, first + window.rows.count, n) }
      let offset = max(0, first - n)
      return first > 0 ? fetch(.start, offset, first - offset) : nil
    }
    if let last = window.lastFromEnd {
      if !appending { return fetch(.end, last + window.rows.count, n) }
      let offset = max(0, last - n)
      return last > 0 ? fetch(.end, offset, last - offset) : nil
    }
    return nil
  }

  /// Places a fetched page into the window.
  func apply(_ result: FetchResult, to window: inout RowWindow) {
    let page = result.rows
    let short = page.count < limit
    window.sortKey = result.sortKey.map(\.description)
    window.identifiesRows = result.identifiesRows
    switch placement {
    case .firstAt(let position):
      window.rows = page
      switch position {
      case .fromStart(let s):
        window.firstFromStart = s
        window.lastFromEnd = short ? 0 : nil
      case .fromEnd(let k):
        window.lastFromEnd = short ? 0 : max(0, k - (page.count - 1))
        window.firstFromStart = nil
      }
    case .lastAt(let position):
      window.rows = page
      switch position {
      case .fromEnd(let k):
        window.lastFromEnd = k
        window.firstFromStart = short ? 0 : nil
      case .fromStart(let s):
        window.firstFromStart = short ? 0 : max(0, s - (page.count - 1))
        window.lastFromEnd = nil
      }
    case .append:
      window.rows += page
      window.lastFromEnd = short ? 0 : window.lastFromEnd.map { max(0, $0 - page.count) }
      if window.rows.count > RowWindow.maxRows {
        let removed = window.rows.count - RowWindow.maxRows
        window.rows.removeFirst(removed)
        window.firstFromStart = window.firstFromStart.map { $0 + removed }
      }
    case .prepend:
      window.rows = page + window.rows
      window.firstFromStart = short ? 0 : window.firstFromStart.map { max(0, $0 - page.count) }
      if window.rows.count > RowWindow.maxRows {
        let removed = window.rows.count - RowWindow.maxRows
        window.rows.removeLast(removed)
        window.lastFromEnd = window.lastFromEnd.map { $0 + removed }
      }
    }
  }
}
