import Qualifiers

/// The keys rules can read and assign, for Swift code: `\.task`, `\.component`.
///
/// Add app keys in an extension and register them in the `RuleKeyRegistry` so rule
/// files can use them too:
///
///     extension RuleKeys {
///       var showsRatings: RuleKey<Bool> { RuleKey("showsRatings", default: true) }
///     }
///     registry.register(RuleKeyDefinition(\.showsRatings, doc: "Show the ratings column."))
public struct RuleKeys: Sendable {
  public init() {}

  // MARK: - Navigation and task
  public var task: RuleKey<String> { RuleKey("task", default: "query") }
  public var firstTask: RuleKey<String> { RuleKey("firstTask", default: "query") }
  public var nextTask: RuleKey<String> { RuleKey("nextTask", default: "query") }
  public var page: RuleKey<PageName> { RuleKey("page", default: "ErrorPage") }
  public var look: RuleKey<String> { RuleKey("look", default: "neutral") }
  public var theme: RuleKey<String> { RuleKey("theme", default: "default") }

  // MARK: - Database, model, entity, object, property
  public var database: RuleKey<ContextObject?> { RuleKey("database", default: nil) }
  public var model: RuleKey<ContextObject?> { RuleKey("model", default: nil) }
  public var entity: RuleKey<ContextObject?> { RuleKey("entity", default: nil) }
  public var attribute: RuleKey<ContextObject?> { RuleKey("attribute", default: nil) }
  public var relationship: RuleKey<ContextObject?> { RuleKey("relationship", default: nil) }
  public var object: RuleKey<ContextObject?> { RuleKey("object", default: nil) }
  public var user: RuleKey<ContextObject?> { RuleKey("user", default: nil) }
  public var propertyKey: RuleKey<String> { RuleKey("propertyKey", default: "") }
  public var auxiliaryQualifier: RuleKey<Qualifier?> { RuleKey("auxiliaryQualifier", default: nil) }

  // MARK: - Display
  public var title: RuleKey<String> { RuleKey("title", default: "Direct to Terminal") }
  public var navigationBarTitle: RuleKey<String> { RuleKey("navigationBarTitle", default: "Direct to Terminal") }
  public var displayNameForEntity: RuleKey<String> { RuleKey("displayNameForEntity", default: "") }
  public var displayNameForProperty: RuleKey<String> { RuleKey("displayNameForProperty", default: "") }
  public var displayStringForNil: RuleKey<String> { RuleKey("displayStringForNil", default: "-") }
  public var hideEmptyProperty: RuleKey<Bool> { RuleKey("hideEmptyProperty", default: true) }
  public var formatter: RuleKey<FormatterName?> { RuleKey("formatter", default: nil) }
  public var displayPropertyKeys: RuleKey<[String]> { RuleKey("displayPropertyKeys", default: []) }
  public var visibleEntityNames: RuleKey<[String]> { RuleKey("visibleEntityNames", default: []) }
  public var sortOrderings: RuleKey<[SortOrdering]> { RuleKey("sortOrderings", default: []) }
  public var pageSize: RuleKey<Int> { RuleKey("pageSize", default: 100) }

  // MARK: - Components
  public var component: RuleKey<ComponentName> { RuleKey("component", default: "DisplayString") }
  public var rowComponent: RuleKey<ComponentName> { RuleKey("rowComponent", default: "PropertyNameValueRow") }
  public var debugComponent: RuleKey<ComponentName?> { RuleKey("debugComponent", default: nil) }

  // MARK: - Permissions and creation
  public var isEntityReadOnly: RuleKey<Bool> { RuleKey("isEntityReadOnly", default: false) }
  public var readOnlyEntityNames: RuleKey<[String]> { RuleKey("readOnlyEntityNames", default: []) }
  public var isObjectEditable: RuleKey<Bool> { RuleKey("isObjectEditable", default: false) }
  public var isObjectDeletable: RuleKey<Bool> { RuleKey("isObjectDeletable", default: false) }
  public var initialPropertyValues: RuleKey<[String: RuleValue]> { RuleKey("initialPropertyValues", default: [:]) }
  public var creationTimestampPropertyKey: RuleKey<String?> { RuleKey("creationTimestampPropertyKey", default: nil) }
  public var updateTimestampPropertyKey: RuleKey<String?> { RuleKey("updateTimestampPropertyKey", default: nil) }
  public var inlineRelationshipKeys: RuleKey<[String]> { RuleKey("inlineRelationshipKeys", default: []) }
  public var summaryGroupKeys: RuleKey<[String]> { RuleKey("summaryGroupKeys", default: []) }
  public var summaryAggregates: RuleKey<[String]> { RuleKey("summaryAggregates", default: []) }
  public var sparklineDateKey: RuleKey<String?> { RuleKey("sparklineDateKey", default: nil) }

  // MARK: - Permissions (allowed without a login page, refused with one unless a rule grants them)
  public var allowsAssistant: RuleKey<Bool> { RuleKey("allowsAssistant", default: true) }
  public var allowsConsole: RuleKey<Bool> { RuleKey("allowsConsole", default: true) }
  public var allowsConsoleWrites: RuleKey<Bool> { RuleKey("allowsConsoleWrites", default: true) }
  public var allowsExport: RuleKey<Bool> { RuleKey("allowsExport", default: true) }
  public var allowsPermissionRules: RuleKey<Bool> { RuleKey("allowsPermissionRules", default: true) }
  public var databaseRole: RuleKey<String?> { RuleKey("databaseRole", default: nil) }
  public var isEntityHidden: RuleKey<Bool> { RuleKey("isEntityHidden", default: false) }

  // MARK: - Debug
  public var debug: RuleKey<Bool> { RuleKey("debug", default: false) }
  public var keepsJournal: RuleKey<Bool> { RuleKey("keepsJournal", default: false) }
  public var followsData: RuleKey<Bool> { RuleKey("followsData", default: true) }
  public var notifyChannels: RuleKey<[String]> { RuleKey("notifyChannels", default: []) }
}
