import Access
import Foundation
import Qualifiers
import Rules

/// What a logged-in user (or the person at the terminal) may do beyond reading and editing
/// rows, as rule keys resolved with `user` in the context like every rule. Without a login
/// page the person at the terminal owns the connection, and every permission is allowed
/// unless a rule refuses it; with a login page (`firstTask <= 'login'`) each is refused
/// unless a rule grants it: `user.username = 'Mike' => allowsConsole <= true`.
public enum PermissionKey: String, CaseIterable, Sendable {
  /// `A`/F2: the assistant, which writes rules.
  case allowsAssistant
  /// `:`: the SQL console.
  case allowsConsole
  /// Statements that change data or the schema in the console (else it only reads).
  case allowsConsoleWrites
  /// `x` on a list or a console result.
  case allowsExport
  /// The assistant may write rules that change permissions or apply to everyone.
  case allowsPermissionRules

  /// What the permission lets one do, for messages: "may not open the SQL console".
  var what: String {
    switch self {
    case .allowsAssistant: return "use the assistant"
    case .allowsConsole: return "open the SQL console"
    case .allowsConsoleWrites: return "change data from the SQL console"
    case .allowsExport: return "export rows"
    case .allowsPermissionRules: return "write rules that change permissions or apply to everyone"
    }
  }
}

/// One permission as resolved now: allowed or not, and what decided.
public struct Permission: Hashable, Sendable {
  public var key: PermissionKey
  public var isAllowed: Bool
  /// The rule that decided (`sakila.rules:20`), nil when no rule did (the default).
  public var decidedBy: String?
  /// Whether the session starts at a login page (permissions are then refused by default).
  public var hasLoginPage: Bool
  /// Why it is refused whatever the rules say (the console while a database role could be
  /// left), nil when the rules decide.
  public var overruled: String?

  /// Why it is what it is: `allowsConsole <= false (sakila.rules:20)`, or the default.
  public var reason: String {
    if let overruled { return overruled }
    if let decidedBy { return "\(key.rawValue) <= \(isAllowed) (\(decidedBy))" }
    return hasLoginPage
      ? "no rule grants \(key.rawValue), and with a login page it is refused unless one does"
      : "allowed: no login page, so the person at the terminal owns the connection"
  }
}

extension Session {
  /// Whether the app starts at a login page (`firstTask <= 'login'`).
  var hasLoginPage: Bool {
    context(task: .query).string("firstTask", PageTask.query.rawValue) == PageTask.login.rawValue
  }

  /// `key` for the logged-in user (in `task` on `entity`, for rules that narrow it).
  public func permission(_ key: PermissionKey, task: PageTask = .query, entityName: String? = nil) -> Permission {
    let context = context(task: task, entity: entity(named: entityName))
    let resolution = context.resolution(forKey: key.rawValue)
    let login = hasLoginPage
    if key == .allowsConsole, let escape = databaseRoleEscape {
      return Permission(
        key: key, isAllowed: false, decidedBy: resolution.rule?.place, hasLoginPage: login,
        overruled: escape)
    }
    guard let rule = resolution.rule else {
      return Permission(key: key, isAllowed: !login, decidedBy: nil, hasLoginPage: login, overruled: nil)
    }
    return Permission(
      key: key, isAllowed: context.bool(key.rawValue), decidedBy: rule.place, hasLoginPage: login)
  }

  /// Whether a permission named by a key binding is allowed (names that are not
  /// permissions are).
  func allows(_ name: String, task: PageTask = .query, entityName: String? = nil) -> Bool {
    PermissionKey(rawValue: name).map { permission($0, task: task, entityName: entityName).isAllowed } ?? true
  }

  /// The banner for a refused permission: `Jon may not open the SQL console: no rule grants …`.
  func refusal(_ permission: Permission) -> String {
    "\(user?.name ?? "This session") may not \(permission.key.what): \(permission.reason)"
  }
}

extension Session {
  /// Why `entity` is hidden from the user (`isEntityHidden`), or nil when it is not:
  /// `Payment is hidden from Jon (shop.rules:12)`.
  func hiddenRefusal(_ entity: Entity) -> String? {
    let context = context(task: .query, entity: entity)
    guard context.bool("isEntityHidden") else { return nil }
    return "\(entity.displayName) is hidden from \(user?.name ?? "this session")"
      + ruleLocation("isEntityHidden", in: context)
  }

  /// Whether `entity` is hidden from the user.
  func isHidden(_ entity: Entity) -> Bool { hiddenRefusal(entity) != nil }

  /// Why key paths from `entity` may not be used: one crosses or ends in a hidden entity
  /// (a flattened many-to-many's join table included). Nil when none does.
  func hiddenRefusal(_ keyPaths: [PropertyPath], from entity: Entity) -> String? {
    for name in model.entitiesReached(from: entity, by: keyPaths) {
      if let reached = model[entity: name], let refusal = hiddenRefusal(reached) { return refusal }
    }
    return nil
  }

  /// Whether the property key (a key path) of `entity` reaches a hidden entity.
  func reachesHidden(_ propertyKey: String, from entity: Entity) -> Bool {
    hiddenRefusal([PropertyPath(propertyKey)], from: entity) != nil
  }
}
