import Access
import History
import Qualifiers
import TerminalCore
import Widgets

/// A query list: columns from rules, a qualifier, a sort, a window of rows around a cursor
/// that is a position in the whole result.
public struct QueryListState: Equatable, Sendable {
  /// How many rows the result has, as far as the list knows.
  enum Total: Equatable, Sendable {
    case unknown
    case estimate(Int)
    case exact(Int)

    var exact: Int? { if case .exact(let n) = self { n } else { nil } }

    var value: Int? {
      switch self {
      case .unknown: return nil
      case .estimate(let n), .exact(let n): return n
      }
    }

    var text: String? {
      switch self {
      case .unknown: return nil
      case .estimate(let n): return "~" + grouped(String(n))
      case .exact(let n): return grouped(String(n))
      }
    }
  }

  var id: PageID
  var task: PageTask
  var entityName: String
  var crumb: String
  var columns: [ListColumn]
  /// Key paths fetched besides the columns (every attribute, for rows opened by value).
  var extraKeyPaths: [String] = []
  /// What the rules read through relationships (`object.actors.lastName`), fetched with
  /// each row so those rules match.
  var ruleKeyPaths: [String] = []
  /// The rows marked (`Space`, `*`), kept across scrolling, sorting and searching.
  var marks = RowMarks()
  /// The restriction a to-many link opened the list with (`customerId = 5`).
  var baseQualifier: Qualifier?
  /// What a row made here (`n`) starts with and keeps (`PageRequest.newRowValues`).
  var newRowValues: [String: DatabaseValue] = [:]
  /// The members of a many-to-many (`PageRequest.membership`): `a` adds, `d` removes, `n`
  /// makes a new one.
  var membership: Membership?
  /// `PageRequest.viaJoin`: `n` and `d` here say to use that entity.
  var viaJoin: String?
  /// The `auxiliaryQualifier` rule's condition.
  var auxiliaryQualifier: Qualifier?
  /// Why that condition restricts to no row (it does not parse, or a variable has no value).
  var auxiliaryProblem: String?
  var search = ""
  var searchQualifier: Qualifier?
  var filterText = ""
  var filter: Qualifier?
  var sort: [SortOrdering]
  var pageSize: Int
  var window = RowWindow()
  /// The row under the cursor, wherever the window is.
  var cursor = RowPosition.fromStart(0)
  /// The screen line the cursor is drawn on (0: the first row shown).
  var cursorLine = 0
  var selectedColumn = 0
  var firstColumn = 0
  /// Column widths fitted so far; they only grow while scrolling, so columns do not jump.
  var fittedWidths: [Int] = []
  var total = Total.unknown
  /// The count shown while the list counts again: the opener's, or the one before a
  /// refresh, so the title keeps its number meanwhile.
  var previousCount: String?
  /// A related list (a to-many link's rows): its breadcrumb shows its count too.
  var countsInCrumb = false
  /// A new search, filter, sort or reload starts a new generation; older results are dropped.
  var generation = 0
  /// The fetch in flight (one at a time: cursor moves meanwhile and the next fetch goes to
  /// where the cursor ended up).
  var inFlight: WindowFetch?
  var loadingSince: ContinuousClock.Instant?
  /// After a reload, the key of the row the cursor was on, to find it again.
  var reselectKey: [String: DatabaseValue]?
  /// Following the database: the last probe of the visible rows and what changed.
  var follow = FollowState()
  /// The rows shown when a reload started: shown again if it finds the connection lost.
  var beforeReload: RowWindow?
  /// The rows are as last fetched: a reload or refresh found the connection lost (they are
  /// drawn dimmed under "reconnecting…" until a fetch succeeds).
  var isStale = false
  var input: InputLine?
  /// A value being edited in place (`c`).
  var cellEdit: CellEdit?
  var message: String?
  /// The page's content area.
  var viewport = Size(width: 80, height: 20)

  /// Everything that restricts the rows: base, search and filter.
  var qualifier: Qualifier? {
    let parts = [baseQualifier, auxiliaryQualifier, filter, searchQualifier].compactMap { $0 }
    switch parts.count {
    case 0: return nil
    case 1: return parts[0]
    default: return .and(parts)
    }
  }

  /// The rows `x`, `Y`, `F`, `b`, `i` and `I` act on: the list's, and with marks only the
  /// marked ones.
  var actedOnQualifier: Qualifier? {
    guard let marked = marks.qualifier else { return qualifier }
    return qualifier.map { .and([$0, marked]) } ?? marked
  }

  /// Rows the table shows at once (the viewport less the header and the bottom line).
  var visibleRows: Int {
    let bottom =
      cellEdit != nil
      ? 1
      : input != nil
        ? (input?.error == nil ? 1 : 2)
        : (message != nil || auxiliaryProblem != nil || !filterText.isEmpty || !search.isEmpty ? 1 : 0)
    return max(1, viewport.height - 1 - bottom)
  }

  /// The window index of the cursor's row, when it is loaded.
  var cursorIndex: Int? { window.index(of: cursor) }

  /// The row under the cursor, when it is loaded.
  var selectedRow: Row? { cursorIndex.map { window.rows[$0] } }

  /// `filter: lastName like 'S*'  search: smith`, under the table while they apply.
  var filterSummary: String {
    var parts: [String] = []
    if !filterText.isEmpty { parts.append("filter: " + filterText) }
    if !search.isEmpty { parts.append("search: " + search) }
    return parts.joined(separator: "  ")
  }

  /// The cursor counted from the start, when it can be known: from the end only by an exact
  /// count, never the catalog's estimate (a reload planned `G`'s last row wherever a large
  /// table's estimate said, thousands of rows off).
  var cursorFromStart: Int? {
    switch cursor {
    case .fromStart(let n): return n
    case .fromEnd(let n): return (total.exact ?? window.knownTotal).map { max(0, $0 - 1 - n) }
    }
  }

  /// The count the title and the breadcrumb show: the list's own, else the one before.
  var shownCount: String? { total.text ?? previousCount }

  /// The crumb with the count: `Film Categories (64)`.
  var crumbWithCount: String { shownCount.map { crumb + " (\($0))" } ?? crumb }

  var isEmptyResult: Bool { window.rows.isEmpty && window.atStart && window.atEnd }
}

/// A line being typed: `/` search or `\` filter, with the error of the last try.
public struct InputLine: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case search
    case filter
  }

  var kind: Kind
  var field: TextFieldState
  var error: String?
  /// ↑/↓ through earlier lines of this kind.
  var recall: HistoryRecall?
  /// Ctrl-R: the newest earlier line containing what is typed.
  var reverse: ReverseSearch?

  var historyKind: HistoryKind { kind == .search ? .search : .filter }
}
