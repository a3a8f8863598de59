import Access
import Foundation
import MySQLAdaptor

/// Databases of a test's own on the MariaDB test server (`MariaDBTests.url`), named
/// `<prefix>_<pid>_<random>` and dropped when the test is done.
public enum ScratchMariaDB {
  /// A new, empty database; its URL.
  public static func create(prefix: String) throws -> String {
    let server = try MariaDBTests.requireURL()
    let name = "\(prefix)_\(getpid())_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try MySQLAdaptor(url: server).openChannel()
    defer { admin.close() }
    let existing = try admin.query(SQLStatement("SHOW DATABASES")).compactMap { $0.values.first?.stringValue }
    for stale in ScratchName.leftOver(existing, prefix: prefix) {
      try? admin.executeScript("DROP DATABASE IF EXISTS `\(stale)`")
    }
    try admin.executeScript("CREATE DATABASE `\(name)` CHARACTER SET utf8mb4")
    return try ScratchPostgres.url(of: name, on: server)
  }

  /// Drops a database `create` made.
  public static func drop(_ url: String) {
    guard let server = MariaDBTests.url, let name = URLComponents(string: url)?.path.dropFirst(),
      let admin = try? MySQLAdaptor(url: server).openChannel()
    else { return }
    defer { admin.close() }
    try? admin.executeScript("DROP DATABASE IF EXISTS `\(name)`")
  }
}
