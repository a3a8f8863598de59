import Access
import Foundation
import PostgreSQLAdaptor

/// Databases of a test's own on the PostgreSQL test server (`PostgresTests.url`): made
/// empty, named `<prefix>_<pid>_<random>`, dropped with `WITH (FORCE)` (and the roles the
/// test made) when the test is done.
public enum ScratchPostgres {
  /// A new, empty database; its URL.
  public static func create(prefix: String) throws -> String {
    let server = try PostgresTests.requireURL()
    let name = "\(prefix)_\(getpid())_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try PostgreSQLAdaptor(connectionString: server).openChannel()
    defer { admin.close() }
    let existing = try admin.query(SQLStatement("SELECT datname FROM pg_database")).compactMap {
      $0["datname"]?.stringValue
    }
    for stale in ScratchName.leftOver(existing, prefix: prefix) {
      try? admin.executeScript("DROP DATABASE IF EXISTS \(stale) WITH (FORCE)")
    }
    try admin.executeScript("CREATE DATABASE \(name)")
    return try url(of: name, on: server)
  }

  /// Drops a database `create` made, and `roles`.
  public static func drop(_ url: String, roles: [String] = []) {
    guard let server = PostgresTests.url, let name = URLComponents(string: url)?.path.dropFirst(),
      let admin = try? PostgreSQLAdaptor(connectionString: server).openChannel()
    else { return }
    defer { admin.close() }
    try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    for role in roles { try? admin.executeScript("DROP ROLE IF EXISTS \(role)") }
  }

  /// `server` with its database replaced by `name` (query options kept).
  public static func url(of name: String, on server: String) throws -> String {
    guard var components = URLComponents(string: server) else { throw TestSetupError("not a URL: \(server)") }
    components.path = "/" + name
    guard let url = components.string else { throw TestSetupError("cannot name \(name) in \(server)") }
    return url
  }

  /// Drops roles a test made on the server (after the databases that use them).
  public static func dropRoles(_ roles: [String]) {
    guard let server = PostgresTests.url, let admin = try? PostgreSQLAdaptor(connectionString: server).openChannel()
    else { return }
    defer { admin.close() }
    for role in roles { try? admin.executeScript("DROP ROLE IF EXISTS \(role)") }
  }
}
