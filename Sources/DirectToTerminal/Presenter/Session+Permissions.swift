import Access
import Foundation
import Rules

extension Session {
  /// Why rows of the entity (or this row) cannot be changed, or nil when they can; names
  /// the rule that decided.
  func editRefusal(_ entity: Entity, row: Row?, deleting: Bool = false) -> String? {
    if readOnly { return Session.readOnlyText(readOnlyReason) }
    if entity.isReadOnly {
      if let reason = entity.lockReason { return "\(entity.displayName) is locked (\(reason))" }
      return entity.isView || !entity.primaryKey.isEmpty
        ? "\(entity.displayName) is a view: it cannot be changed"
        : "\(entity.displayName) has no primary key: its rows cannot be changed"
    }
    let context = context(task: .inspect, entity: entity, row: row)
    if context.bool("isEntityReadOnly") {
      return "\(entity.displayName) is read-only" + ruleLocation("isEntityReadOnly", in: context)
    }
    guard let row else { return nil }
    // SQLite lets a key column other than an INTEGER PRIMARY KEY hold NULL, and `= NULL`
    // names no row.
    let nullKey = entity.primaryKey.filter { row[$0] == .null }
    if !nullKey.isEmpty {
      let names = nullKey.map { label(of: $0, in: entity) }.joined(separator: ", ")
      return "This row's key (\(names)) is NULL: no statement can name the row, so it cannot be "
        + (deleting ? "deleted" : "changed") + " here"
    }
    let key = deleting ? "isObjectDeletable" : "isObjectEditable"
    if !context.bool(key, true) {
      return (deleting ? "The rules do not allow deleting this row" : "The rules make this row read-only")
        + ruleLocation(key, in: context)
    }
    return nil
  }

  /// ` (sakila.rules:9)`: where a permission came from.
  func ruleLocation(_ key: String, in context: RuleContext) -> String {
    guard let rule = context.resolution(forKey: key).rule, rule.source != nil else { return "" }
    return " (\(rule.place))"
  }

  /// The next task after `task` for the entity and row (`nextTask`).
  func nextTask(
    after task: PageTask, entity: Entity?, row: Row? = nil, default fallback: PageTask
  )
    -> PageTask
  {
    PageTask(context(task: task, entity: entity, row: row).string("nextTask", fallback.rawValue))
  }
}
