import Access
import Assistant
import Foundation
import Qualifiers
import Rules

/// What the assistant and the list's `<`/`>` ask the rules: where a value comes from, and
/// the one rule a change writes for a scope.
extension Session {
  /// The logged-in user as a predicate names them: `user.username = 'Mike'` (the login
  /// column of the user entity, as the login page found it).
  var assistantUser: RuleTarget.User? {
    guard let user, let entity = model[entity: user.entityName] else { return nil }
    let attribute = UserEntityFinder.loginAttribute(of: entity)
    let value = attribute.flatMap { user.row[$0.name]?.plainText } ?? user.name
    return RuleTarget.User(
      keyPath: attribute.map { PropertyPath.quoted($0.name) } ?? "name", value: value, name: user.name)
  }

  /// A target for a change with the logged-in user filled in.
  func ruleTarget(task: PageTask?, entityName: String?, propertyKey: String? = nil) -> RuleTarget {
    RuleTarget(task: task?.rawValue, entityName: entityName, propertyKey: propertyKey, user: assistantUser)
  }

  /// The context a target's values are read in (app-wide keys: the entity list's).
  func context(for target: RuleTarget, row: Row? = nil) -> RuleContext {
    let entity = entity(named: target.entityName)
    return context(
      task: PageTask(target.task ?? PageTask.query.rawValue), entity: entity, row: entity == nil ? nil : row,
      propertyKey: entity == nil ? nil : target.propertyKey)
  }

  /// The session as a scope's rule sees it: without the logged-in user unless the scope
  /// is "only me" (a change for everyone starts from everyone's value, not the user's own).
  func seen(in scope: RuleScope) -> Session {
    guard scope != .userOnly else { return self }
    var copy = self
    copy.user = nil
    copy.rules.user = nil
    return copy
  }

  /// The rule `key <= value` for `target` in `scope`, at the priority that wins here.
  func planRule(key: String, value: RuleValue, target: RuleTarget, scope: RuleScope, row: Row? = nil) -> RulePlan {
    RulePlan.make(
      key: key, value: value, predicate: scope.predicate(for: target), in: context(for: target, row: row),
      replaceable: assistantFile?.rules ?? [])
  }

  /// What the banner adds when another rule keeps the value anyway, and why it wins:
  /// `my.rules:7 is more specific and still wins: …`, `my.rules:2 has a higher priority
  /// (high) and still wins: …`.
  static func stillWinningNote(_ plan: RulePlan) -> String? {
    plan.stillWinning.map { rule in
      let why =
        rule.priority > plan.rule.priority
        ? "has a higher priority (\(rule.priority.description))"
        : rule.complexity > plan.rule.complexity ? "is more specific" : "comes later in the rules"
      return "\(ruleLocation(rule)) \(why) and still wins: \(rule)"
    }
  }

  /// The heading above a change's rule: a new rule, the assistant's earlier one replaced,
  /// or the user's own rule changed in place (`Changes your rule at my.rules:7 to:`).
  static func writingHeading(_ plan: RulePlan, file: AssistantFile?) -> String {
    guard let replaced = plan.replaces else { return "Writes:" }
    if file?.isWrittenByAssistant(replaced) == true { return "Replaces the assistant's earlier rule with:" }
    return "Changes your rule at \(ruleLocation(replaced)) to:"
  }

  /// `sakila.rules:27`, `default rule (defaults.rules:48)`, `Swift rule`.
  static func ruleLocation(_ rule: Rule) -> String {
    guard let source = rule.source else { return "Swift rule" }
    let place = "\((source.file as NSString).lastPathComponent):\(source.line)"
    return source.file == DefaultRules.fileName ? "default rule (\(place))" : place
  }

  /// `'Phone'  ← sakila.rules:27`, `DisplayNumber  ← default rule (defaults.rules:48)`,
  /// `100  ← key default`: a key's value in a context and where it came from.
  static func valueAndSource(_ key: String, in context: RuleContext) -> (value: String, source: String) {
    let resolution = context.resolution(forKey: key)
    let source: String
    switch resolution.source {
    case .explicit: source = "set by the page"
    case .keyDefault: source = "key default"
    case .rule(let rule): source = ruleLocation(rule)
    }
    return (resolution.value.description, source)
  }

  /// The properties a page of `task` shows for `entity`, in order.
  func displayPropertyKeys(task: PageTask, entity: Entity) -> [String] {
    if let keys = context(task: task, entity: entity).strings("displayPropertyKeys") { return keys }
    switch task {
    case .inspect: return PropertyKeys.inspect(entity)
    case .edit: return PropertyKeys.edit(entity)
    default: return PropertyKeys.list(entity)
    }
  }

  /// `<`/`>` in a list, and the assistant's moves: the keys with `key` moved by `delta`;
  /// nil when it cannot move (not shown, already at the edge).
  static func moving(_ key: String, by delta: Int, in keys: [String]) -> [String]? {
    guard let index = keys.firstIndex(of: key), keys.indices.contains(index + delta) else { return nil }
    var moved = keys
    moved.swapAt(index, index + delta)
    return moved
  }
}
