import Access
import Qualifiers
import TerminalCore
import Widgets

/// One level of the navigation stack: a task on an entity (or none), drawn by a page.
struct Page {
  let id: Int
  var task: String
  var entityName: String?
  /// What the breadcrumb shows: `Film`, `ACADEMY DINOSAUR`, `Language: English`.
  var crumb: String
  var content: PageContent
}

enum PageContent {
  case entities(EntityListState)
  case query(QueryListState)
  case inspect(InspectState)
  case edit(EditState)
  case login(LoginState)
  case error(ErrorState)
}

/// The entity list: visible entities with their row counts.
struct EntityListState {
  struct Item: Hashable {
    var name: String
    var label: String
  }

  var items: [Item]
  var counts: [String: String] = [:]
  var scroll = ScrollState()
}

/// One column of a query list, decided by the rules for its property key.
struct ListColumn: Hashable {
  enum Kind: Hashable {
    case attribute
    /// A to-one relationship, shown through the related row's title key paths.
    case toOne(titlePaths: [String], destination: String)
    case toMany
  }

  var presentation: PropertyPresentation
  var kind: Kind
  var alignment: Alignment

  var propertyKey: String { presentation.propertyKey }

  /// The key paths the column needs fetched.
  var keyPaths: [String] {
    switch kind {
    case .attribute: return [propertyKey]
    case .toOne(let titlePaths, _): return titlePaths.map { propertyKey + "." + $0 }
    case .toMany: return []
    }
  }

  /// What the column sorts by.
  var sortKeyPath: String? {
    switch kind {
    case .attribute: return propertyKey
    case .toOne(let titlePaths, _): return titlePaths.last.map { propertyKey + "." + $0 }
    case .toMany: return nil
    }
  }
}

/// A line being typed: `/` search or `\` filter, with the error of the last try.
struct InputLine {
  enum Kind {
    case search
    case filter
  }

  var kind: Kind
  var field: TextFieldState
  var error: String?
}

/// A query list: columns from rules, a qualifier, a sort, and a window of rows.
struct QueryListState {
  var entityName: String
  var columns: [ListColumn]
  /// The restriction a to-many link opened the list with (`customerId = 5`).
  var baseQualifier: Qualifier?
  var search = ""
  var filterText = ""
  var filter: Qualifier?
  var sort: [SortOrdering]
  var window = RowWindow()
  var table = TableState(selectedColumn: 0)
  var total: Int?
  var totalIsEstimate = false
  var pageSize: Int
  /// A request in flight and when it started (the spinner shows after 150 ms).
  var loading: (request: RowRequest, since: ContinuousClock.Instant)?
  var input: InputLine?
  var message: String?
  /// Set on a select page: the edit page and field a chosen row goes to.
  var choosingFor: (page: Int, propertyKey: String)?

  /// Everything that restricts the rows: base, search and filter.
  var qualifier: Qualifier? {
    let parts = [baseQualifier, filter, searchQualifier].compactMap { $0 }
    switch parts.count {
    case 0: return nil
    case 1: return parts[0]
    default: return .and(parts)
    }
  }

  var searchQualifier: Qualifier?
}

/// One line of an inspector.
struct InspectRow: Hashable {
  enum Kind: Hashable {
    case attribute
    case toOne(destination: String, key: [String: DatabaseValue]?)
    case toMany(destination: String, joins: [Relationship.Join])
  }

  var presentation: PropertyPresentation
  var kind: Kind

  var propertyKey: String { presentation.propertyKey }
  var label: String { presentation.label }
}

/// An inspector: one row, every property the rules list.
struct InspectState {
  var entityName: String
  var key: [String: DatabaseValue]
  var row: Row?
  var rows: [InspectRow]
  var hideEmpty: Bool
  var toManyCounts: [String: Int] = [:]
  var scroll = ScrollState()
  var loading: ContinuousClock.Instant?
  var message: String?
}

/// What the data the inspector asked for came back as.
struct InspectData: Sendable {
  var row: Row?
  var counts: [String: Int]
}

/// An error page: what went wrong, and Esc to go back.
struct ErrorState {
  var title: String
  var message: String
}
