import Qualifiers
import Rules

/// What a change is about: the task, entity and property that had focus, and the
/// logged-in user (the key path and value that identify them in rules).
public struct RuleTarget: Hashable, Sendable {
  /// Identifies the logged-in user in a predicate: `user.username = 'Mike'`.
  public struct User: Hashable, Sendable {
    /// The key path below `user` (`username`).
    public var keyPath: String
    public var value: String
    /// How the assistant names the user (`Mike`).
    public var name: String

    public init(keyPath: String, value: String, name: String) {
      self.keyPath = keyPath
      self.value = value
      self.name = name
    }
  }

  /// nil for app-wide keys (`visibleEntityNames`, `firstTask`).
  public var task: String?
  public var entityName: String?
  public var propertyKey: String?
  public var user: User?

  public init(task: String? = nil, entityName: String? = nil, propertyKey: String? = nil, user: User? = nil) {
    self.task = task
    self.entityName = entityName
    self.propertyKey = propertyKey
    self.user = user
  }
}

/// How widely a change applies: the predicate of the one rule the assistant writes.
public enum RuleScope: Hashable, Sendable, CaseIterable {
  /// This entity in this task (the default): `task = 'list' AND entity.name = 'Customer'`.
  case entityInTask
  /// This entity whatever the task: `entity.name = 'Customer'`.
  case entityEveryTask
  /// Every entity in this task: `task = 'list'` (with the property, if there is one).
  case everyEntity
  /// Only the logged-in user, otherwise as `entityInTask`: `… AND user.username = 'Mike'`.
  case userOnly

  /// Keys whose values name one entity's properties (`displayPropertyKeys`,
  /// `sortOrderings`): written for every entity they would give Film's properties to
  /// Customer.
  public static let propertyNamingKeys: Set<String> = ["displayPropertyKeys", "sortOrderings"]

  /// Whether a key's value names one entity's properties (see `propertyNamingKeys`).
  public static func namesProperties(_ key: String) -> Bool { propertyNamingKeys.contains(key) }

  /// The scopes that make sense for a target: an app-wide key has only everyone or the
  /// user; `userOnly` needs someone logged in; a value that names one entity's properties
  /// (`valueNamesProperties`) is never offered for every entity.
  public static func available(for target: RuleTarget, valueNamesProperties: Bool = false) -> [RuleScope] {
    var scopes: [RuleScope] = [.entityInTask]
    if target.entityName != nil && target.task != nil {
      scopes.append(.entityEveryTask)
      if !valueNamesProperties { scopes.append(.everyEntity) }
    }
    if target.user != nil { scopes.append(.userOnly) }
    return scopes
  }

  /// `Customer in list`, `Customer in every task`, `every entity in list`, `only Mike`.
  public func label(for target: RuleTarget) -> String {
    let here: String
    switch (target.entityName, target.task) {
    case (let entity?, let task?): here = "\(entity) in \(task)"
    case (let entity?, nil): here = entity
    case (nil, let task?): here = "every entity in \(task)"
    case (nil, nil): here = "everyone"
    }
    switch self {
    case .entityInTask: return here
    case .entityEveryTask: return "\(target.entityName ?? "every entity") in every task"
    case .everyEntity: return "every entity" + (target.task.map { " in \($0)" } ?? "")
    case .userOnly: return "only \(target.user?.name ?? "me")" + (here == "everyone" ? "" : " (\(here))")
    }
  }

  /// The predicate for this scope: comparisons on task, entity, property and user, or nil
  /// (always matches) for an app-wide key in `entityInTask`.
  public func predicate(for target: RuleTarget) -> Qualifier? {
    var parts: [Qualifier] = []
    let task = self == .entityEveryTask ? nil : target.task
    let entity = self == .everyEntity ? nil : target.entityName
    if let task { parts.append(.comparison("task", .equal, .string(task))) }
    if let entity { parts.append(.comparison("entity.name", .equal, .string(entity))) }
    if let key = target.propertyKey { parts.append(.comparison("propertyKey", .equal, .string(key))) }
    if self == .userOnly, let user = target.user {
      parts.append(
        .comparison(
          PropertyPath(components: ["user"] + PropertyPath(user.keyPath).components), .equal,
          .string(user.value)))
    }
    switch parts.count {
    case 0: return nil
    case 1: return parts[0]
    default: return .and(parts)
    }
  }
}
