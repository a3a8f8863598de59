import Access
import Qualifiers
import Rules

/// Whether the assistant may write a rule for the logged-in user. The assistant never
/// widens permissions on its own: presentation changes (labels, columns, order, formatters,
/// page size) for "only me" need `allowsAssistant`; a rule that changes permissions (read-only,
/// editable, deletable, which entities show, the `allows…` keys, the first task, the
/// database role), that applies to everyone while there is a login page, or that names
/// another user needs `allowsPermissionRules` too.
struct RuleGate {
  let session: Session

  init(_ session: Session) { self.session = session }

  /// Keys whose rules decide what a user may see or do (`visibleEntityNames` only when a
  /// rule would show an entity the user does not see).
  static let permissionKeys: Set<String> = Set(
    [
      "isEntityReadOnly", "readOnlyEntityNames", "isObjectEditable", "isObjectDeletable", "isEntityHidden",
      "hiddenEntityNames", "firstTask", "userEntityName", "allowsPlainTextPasswords", "allowsPasswordQueries",
      "databaseRole",
    ] + PermissionKey.allCases.map(\.rawValue))

  /// Why `rule` may not be written, or nil when it may.
  func refusal(for rule: Rule) -> String? {
    let assistant = session.permission(.allowsAssistant)
    if !assistant.isAllowed { return session.refusal(assistant) }
    guard let why = widening(rule) else { return nil }
    let permissionRules = session.permission(.allowsPermissionRules)
    guard !permissionRules.isAllowed else { return nil }
    return "Not written: the rule \(why) — " + session.refusal(permissionRules)
  }

  /// What makes `rule` more than a presentation change for oneself, or nil.
  func widening(_ rule: Rule) -> String? {
    if rule.key == "visibleEntityNames" {
      // Reordering or hiding entities is presentation; showing one the user does not see is not.
      let shown = Set(
        session.context(task: .query).strings("visibleEntityNames") ?? session.model.entities.map(\.name))
      if case .list(let names) = rule.value {
        let added = names.compactMap(\.plainName).filter { !shown.contains($0) }
        if !added.isEmpty { return "shows entities hidden from the user (\(added.joined(separator: ", ")))" }
      }
    } else if Self.permissionKeys.contains(rule.key) {
      return "changes a permission (\(rule.key))"
    }
    let users = Self.userComparisons(in: rule.predicate)
    let me = session.assistantUser
    // Only `user.<login> = '<me>'` is about the user alone; `!=`, `like`, another name or
    // path reaches others.
    if users.contains(where: { !$0.isEqual || $0.path != me?.keyPath || $0.value != me?.value }) {
      return "names another user"
    }
    if case .or = rule.predicate, !users.isEmpty { return "names another user" }
    if users.isEmpty && session.hasLoginPage { return "applies to everyone" }
    return nil
  }

  /// The `user.<path> = 'value'` comparisons of a predicate, anywhere in it (`user.` in a
  /// negation or a disjunction counts too: it names a user all the same).
  static func userComparisons(in predicate: Qualifier?) -> [(path: String, value: String, isEqual: Bool)] {
    guard let predicate else { return [] }
    switch predicate {
    case .comparison(let path, let op, let value):
      guard path.components.first == "user" else { return [] }
      let rest = PropertyPath(components: Array(path.components.dropFirst())).description
      if case .string(let text) = value { return [(rest, text, op == .equal)] }
      return [(rest, value.description, op == .equal)]
    case .keyComparison(let left, _, let right):
      return [left, right].filter { $0.components.first == "user" }.map { ($0.description, "", false) }
    case .and(let parts), .or(let parts):
      return parts.flatMap { userComparisons(in: $0) }
    case .not(let inner):
      // `not (user.username = 'Jon')` is everyone but Jon.
      return userComparisons(in: inner).map { ($0.path, $0.value, false) }
    case .constant, .among:
      return []
    }
  }
}

extension RuleValue {
  /// The text of a name or string value (`Film`, `'Film'`).
  fileprivate var plainName: String? {
    switch self {
    case .string(let text), .name(let text): return text
    default: return nil
    }
  }
}
