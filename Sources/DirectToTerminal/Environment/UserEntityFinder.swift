import Access

/// Finds the entity users log in with, as Direct to SwiftUI does: one with a login-like
/// and a password-like column, preferring `staff`, `users` and `accounts`.
enum UserEntityFinder {
  static let loginNames = ["username", "login", "user", "name", "email", "user_name", "login_name"]
  static let preferred = ["staff", "users", "user", "accounts", "account", "people", "person"]

  static func entity(in model: Model) -> Entity? {
    let candidates = model.entities.filter { passwordAttribute(of: $0) != nil && loginAttribute(of: $0) != nil }
    return candidates.min { a, b in rank(a) < rank(b) }
  }

  static func passwordAttribute(of entity: Entity) -> Attribute? {
    entity.attributes.first { $0.isPassword }
  }

  static func loginAttribute(of entity: Entity) -> Attribute? {
    for name in loginNames {
      if let attribute = entity.attributes.first(where: { $0.column.lowercased() == name }) {
        return attribute
      }
    }
    return nil
  }

  private static func rank(_ entity: Entity) -> Int {
    preferred.firstIndex(of: entity.table.lowercased()) ?? preferred.count
  }
}
