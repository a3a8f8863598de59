import Access
import Foundation

/// Databases of a test's own on the MariaDB test server (`MariaDBTests.url`), named
/// `<prefix>_<pid>_<random>` and dropped when the test is done.
public enum ScratchMariaDB {
  /// A new, empty database; its URL. `open` connects to a URL (the adaptor lives in a module
  /// TestSupport does not depend on).
  public static func create(prefix: String, open: (String) throws -> any AdaptorChannel) throws -> String {
    let server = try MariaDBTests.requireURL()
    let name = "\(prefix)_\(getpid())_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try open(server)
    defer { admin.close() }
    try admin.executeScript("CREATE DATABASE `\(name)` CHARACTER SET utf8mb4")
    return try ScratchPostgres.url(of: name, on: server)
  }

  /// Drops a database `create` made.
  public static func drop(_ url: String, open: (String) throws -> any AdaptorChannel) {
    guard let server = MariaDBTests.url, let name = URLComponents(string: url)?.path.dropFirst(),
      let admin = try? open(server)
    else { return }
    defer { admin.close() }
    try? admin.executeScript("DROP DATABASE IF EXISTS `\(name)`")
  }
}
