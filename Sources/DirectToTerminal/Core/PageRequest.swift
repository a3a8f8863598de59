import Access
import Export
import Qualifiers

/// What to open: a task, maybe on an entity, a row, a restriction, and what only the page
/// that shows it needs (`detail`: a chooser's field, a value to view, what to export…, a
/// type of that page's own). The `page` rule decides which registered page shows it.
public struct PageRequest: Hashable, Sendable {
  public var task: PageTask
  public var entityName: String?
  /// The row to inspect or edit, by key.
  public var key: [String: DatabaseValue]?
  /// A row opened by its values, for rows without a key (views, keyless tables).
  public var row: Row?
  /// The restriction the list opens with (a to-many link's join).
  public var baseQualifier: Qualifier?
  /// The breadcrumb, when the opener knows better than the page.
  public var crumb: String?
  /// The rows of a related list as its opener counted them: shown after the crumb until
  /// the list has counted its rows, and from then on the list's own count.
  public var count: Int?
  /// What the page that shows the request needs besides (its own request type).
  public var detail: PageRequestDetail?
  /// Values a row created from the page starts with and keeps, by attribute name: a
  /// related list's foreign key to the row it was opened from.
  public var newRowValues: [String: DatabaseValue] = [:]
  /// For the members of a flattened many-to-many: how members are added, removed and made.
  public var membership: Membership?
  /// For the rows of a flattened many-to-many whose join rows hold values of their own (a
  /// role): the join entity, where such rows are made and removed instead.
  public var viaJoin: String?
  /// For an editor opened from a chooser (`n`): the editor and field its new row goes to,
  /// unsaved, and the chooser to close with it.
  public var pendingFor: PendingTarget?
  /// Values an editor opens with as if typed (a line changed before, edited again).
  public var editedValues: [String: DatabaseValue] = [:]
  /// Rows a list opens with marked, by key (the console's marks).
  public var markedKeys: [[String: DatabaseValue]] = []
  /// A list opens with every row of its result marked (`*` in the console).
  public var marksEveryRow = false

  public init(
    task: PageTask, entityName: String? = nil, key: [String: DatabaseValue]? = nil, row: Row? = nil,
    baseQualifier: Qualifier? = nil, crumb: String? = nil, detail: (any Hashable & Sendable)? = nil
  ) {
    self.task = task
    self.entityName = entityName
    self.key = key
    self.row = row
    self.baseQualifier = baseQualifier
    self.crumb = crumb
    self.detail = detail.map(PageRequestDetail.init)
  }

  /// The detail as the page's own request type, nil when it is missing or another's.
  public func detail<Detail: Hashable & Sendable>(as type: Detail.Type) -> Detail? {
    detail?.base as? Detail
  }
}

/// A page's own request type inside a `PageRequest`, with its type erased.
public struct PageRequestDetail: Hashable, @unchecked Sendable {
  public let base: any Hashable & Sendable

  public init(_ base: any Hashable & Sendable) { self.base = base }

  public static func == (a: PageRequestDetail, b: PageRequestDetail) -> Bool {
    AnyHashable(a.base) == AnyHashable(b.base)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

/// What had focus when `A` opened the assistant.
public struct AssistantRequest: Hashable, Sendable {
  /// What kind of thing had focus.
  public enum Kind: Hashable, Sendable {
    /// A column of a list (options move left and right).
    case column
    /// A field of an inspector or editor (options move up and down).
    case field
    /// An entity in the entity list.
    case entity
    /// A page as a whole (no property focused).
    case page
  }

  public var kind: Kind
  /// The task of the page that had focus.
  public var task: PageTask
  public var entityName: String?
  public var propertyKey: String?
  /// The row under the cursor (for previews).
  public var row: Row?

  public init(kind: Kind, task: PageTask, entityName: String?, propertyKey: String? = nil, row: Row? = nil) {
    self.kind = kind
    self.task = task
    self.entityName = entityName
    self.propertyKey = propertyKey
    self.row = row
  }
}

/// Why a page refuses to open for a request, in words for an error page or a banner.
public struct PageRefusal: Error, Hashable, Sendable {
  public var message: String
  /// A banner is enough (the page below stays); false opens an error page.
  public var asBanner: Bool

  public init(_ message: String, asBanner: Bool = false) {
    self.message = message
    self.asBanner = asBanner
  }
}
