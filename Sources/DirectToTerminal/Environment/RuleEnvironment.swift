import Access
import Qualifiers
import Rules

/// Where pages ask the rules: a `RuleContext` with the app's rule model, the database
/// model and the logged-in user, for one task, entity, object and property.
struct RuleEnvironment {
  var rules: RuleModel {
    didSet { objectPaths = RuleObjectPaths(rules: rules, model: model) }
  }
  let model: Model
  var user: (any KeyValueReadable)?
  var debug: Bool
  /// What the rules read from `object` through relationships, fetched with each row.
  private(set) var objectPaths: RuleObjectPaths

  init(rules: RuleModel, model: Model, user: (any KeyValueReadable)?, debug: Bool) {
    self.rules = rules
    self.model = model
    self.user = user
    self.debug = debug
    objectPaths = RuleObjectPaths(rules: rules, model: model)
  }

  /// A context for `task`, optionally narrowed to an entity, an object and a property.
  func context(
    task: PageTask, entity: Entity? = nil, row: Row? = nil, propertyKey: String? = nil
  ) -> RuleContext {
    var context = RuleContext(model: rules)
    context.set("task", to: .string(task.rawValue))
    context.setObject(ModelObject(model: model), forKey: "model")
    if debug { context.set("debug", to: .bool(true)) }
    if let user { context.setObject(user, forKey: "user") }
    if let entity {
      context.setObject(EntityObject(entity: entity, model: model), forKey: "entity")
      if let row { context.setObject(RecordObject(entity: entity, row: row, model: model), forKey: "object") }
      if let propertyKey {
        context.set("propertyKey", to: .string(propertyKey))
        if let attribute = entity[attribute: propertyKey] {
          context.setObject(AttributeObject(attribute: attribute), forKey: "attribute")
        } else if let relationship = entity[relationship: propertyKey] {
          context.setObject(RelationshipObject(relationship: relationship), forKey: "relationship")
        }
      }
    }
    return context
  }
}

extension RuleContext {
  /// A string key, or `fallback` when the rules give something else.
  func string(_ key: String, _ fallback: String = "") -> String {
    switch value(ofKey: key).ruleValue {
    case .string(let text)?, .name(let text)?: return text
    case .integer(let value)?: return String(value)
    case .decimal(let text)?: return text
    default: return fallback
    }
  }

  func bool(_ key: String, _ fallback: Bool = false) -> Bool {
    if case .bool(let value)? = value(ofKey: key).ruleValue { return value }
    return fallback
  }

  func integer(_ key: String) -> Int? {
    if case .integer(let value)? = value(ofKey: key).ruleValue { return Int(value) }
    return nil
  }

  /// A list of strings (`displayPropertyKeys`, `visibleEntityNames`).
  func strings(_ key: String) -> [String]? {
    guard case .list(let values)? = value(ofKey: key).ruleValue else { return nil }
    return values.compactMap { value in
      switch value {
      case .string(let text), .name(let text): return text
      case .keyPath(let path): return path.description
      default: return nil
      }
    }
  }

  /// The name of a component, page or formatter, or nil when the key is unset.
  func name(_ key: String) -> String? {
    switch value(ofKey: key).ruleValue {
    case .string(let text)?, .name(let text)?: return text
    default: return nil
    }
  }

  /// Sort orderings given as a list of texts (`'lastName desc'`) or one text.
  func sortOrderings(_ key: String) -> [SortOrdering] {
    let texts: [String]
    switch value(ofKey: key).ruleValue {
    case .string(let text)?: texts = [text]
    case .list(let values)?: texts = values.compactMap { if case .string(let t) = $0 { t } else { nil } }
    default: texts = []
    }
    return texts.flatMap { (try? SortOrdering.parse($0)) ?? [] }
  }
}
