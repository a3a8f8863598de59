import Access
import Export
import Qualifiers

/// What to open: a task, maybe on an entity, a row, a restriction. The `page` rule decides
/// which registered page shows it.
public struct PageRequest: Hashable, Sendable {
  /// Where a select page sends the row the user chooses.
  public struct Chooser: Hashable, Sendable {
    /// The edit page waiting for the choice.
    public var page: PageID
    /// The to-one property being set.
    public var propertyKey: String
    /// Whether "Clear" may set it to null.
    public var allowsNull: Bool
    /// The destination attributes the foreign key refers to (fetched with every row).
    public var destinationKeys: [String]

    public init(page: PageID, propertyKey: String, allowsNull: Bool, destinationKeys: [String] = []) {
      self.page = page
      self.propertyKey = propertyKey
      self.allowsNull = allowsNull
      self.destinationKeys = destinationKeys
    }
  }

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
  /// Set for a select page.
  public var chooser: Chooser?
  /// Why the task could not be shown (for the error page).
  public var reason: String?
  /// A value to show in full (the viewer).
  public var value: DatabaseValue?
  /// What an export page writes: the list's entity, filter, sort and columns, or a
  /// console statement's result.
  public var export: ExportSource?
  /// What the assistant is opened for: the focused page's task, entity, row and property.
  public var assistant: AssistantRequest?

  public init(
    task: PageTask, entityName: String? = nil, key: [String: DatabaseValue]? = nil, row: Row? = nil,
    baseQualifier: Qualifier? = nil, crumb: String? = nil, chooser: Chooser? = nil,
    reason: String? = nil, value: DatabaseValue? = nil, export: ExportSource? = nil,
    assistant: AssistantRequest? = nil
  ) {
    self.assistant = assistant
    self.export = export
    self.reason = reason
    self.value = value
    self.task = task
    self.entityName = entityName
    self.key = key
    self.row = row
    self.baseQualifier = baseQualifier
    self.crumb = crumb
    self.chooser = chooser
  }
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
