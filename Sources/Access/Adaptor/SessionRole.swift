import Synchronization

/// The database role a session takes after someone logs in (the `databaseRole` rule), shared
/// by every connection an adaptor opens: connections opened later and reconnections take
/// it too, so the database's privileges and row-level security apply to all of them.
public final class SessionRole: Sendable {
  private let role = Mutex<String?>(nil)

  public init() {}

  /// The role connections take, nil for the role they connected as.
  public var current: String? { role.withLock { $0 } }

  public func set(_ name: String?) { role.withLock { $0 = name } }
}

/// An adaptor whose connections can take a database role (PostgreSQL's `SET ROLE`).
public protocol RoleAdaptor: Adaptor {
  var sessionRole: SessionRole { get }
}

/// A connection that takes its adaptor's role now (`SET ROLE`, or `RESET ROLE` for none).
public protocol RoleChannel: AdaptorChannel {
  func applySessionRole() throws
  /// Why a statement on this connection could act with more rights than `role`, or nil:
  /// the role it connected as is a superuser, bypasses row-level security, may create
  /// roles, owns tables or can become other roles (directly or through `role`) — rights a
  /// statement can take (`SET ROLE` is checked against the connecting role, and can be
  /// hidden in a query).
  func escapeFromRole(_ role: String) throws -> String?
}

extension Database {
  /// Why a statement could leave `role` on this connection (`RoleChannel.escapeFromRole`).
  public func escapeFromRole(_ role: String) throws -> String? {
    try withChannel { channel in try (channel as? any RoleChannel)?.escapeFromRole(role) }
  }

  /// Takes `role` on this database's connection and on every connection its adaptor opens
  /// from now on; nil returns to the role it connected as. A database without roles
  /// (SQLite) refuses a role; a role the server refuses leaves the connection as it was.
  public func setSessionRole(_ role: String?) throws {
    guard let roles = adaptor as? any RoleAdaptor else {
      guard role == nil else {
        throw DatabaseError(.permission, "\(displayName) has no database roles: databaseRole applies to PostgreSQL")
      }
      return
    }
    let previous = roles.sessionRole.current
    roles.sessionRole.set(role)
    do {
      try withChannel { channel in try (channel as? any RoleChannel)?.applySessionRole() }
    } catch {
      roles.sessionRole.set(previous)
      try? withChannel { channel in try (channel as? any RoleChannel)?.applySessionRole() }
      throw error
    }
  }
}
