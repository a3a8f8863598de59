import Access
import Foundation

/// Where and how to connect, from a `mysql://` or `mariadb://` URL and the client's own
/// conventions: `MYSQL_HOST`, `MYSQL_TCP_PORT`, `MYSQL_UNIX_PORT` and `MYSQL_PWD` fill what the URL
/// leaves out, and Connector/C reads the `[client]` group of `~/.my.cnf` (and the system's
/// option files) for the rest.
///
///     mysql://user:password@host:3306/sakila?ssl-mode=REQUIRED
///     mariadb://user@localhost/sakila?socket=/run/mysqld/mysqld.sock
///     mysql://user@db/shop?init-command=SET%20SESSION%20time_zone%3D'%2B00:00'
struct MySQLConnectionOptions: Hashable, Sendable {
  var host: String?
  var port: UInt32 = 0
  var user: String?
  var password: String?
  var database: String?
  var socket: String?
  /// `DISABLED`, `PREFERRED`, `REQUIRED`, `VERIFY_CA` or `VERIFY_IDENTITY`.
  var sslMode: String?
  var sslCA: String?
  /// SQL run on every connection as it opens (the `mysql` client's `--init-command`), before
  /// d2t's own session settings: `SET SESSION sql_mode = '…'`, `SET NAMES …`.
  var initCommand: String?

  static let sslModes = ["DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"]

  /// Reads `url`, or says what is wrong with it (the password never appears in a message).
  init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    let lowered = url.lowercased()
    guard lowered.hasPrefix("mysql://") || lowered.hasPrefix("mariadb://"),
      let components = URLComponents(string: url)
    else {
      throw DatabaseError(
        .connection, "not a MySQL URL: \(Self.redacted(url)) (mysql://user:password@host:port/database)")
    }
    host = components.percentEncodedHost.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
    if let port = components.port {
      guard (1...65535).contains(port) else { throw DatabaseError(.connection, "port \(port) is out of range") }
      self.port = UInt32(port)
    }
    user = components.percentEncodedUser?.removingPercentEncoding
    password = components.percentEncodedPassword?.removingPercentEncoding
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    database = path.isEmpty ? nil : path
    for item in components.queryItems ?? [] {
      let value = item.value ?? ""
      switch item.name.lowercased() {
      case "socket", "unix_socket": socket = value
      case "ssl-mode", "sslmode", "ssl_mode":
        guard Self.sslModes.contains(value.uppercased()) else {
          throw DatabaseError(
            .connection, "ssl-mode '\(value)' is none of \(Self.sslModes.joined(separator: ", "))")
        }
        sslMode = value.uppercased()
      case "ssl-ca", "sslca", "ssl_ca": sslCA = value
      case "init-command", "init_command": initCommand = value
      case "password":
        password = value
      default:
        throw DatabaseError(
          .connection, "unknown MySQL URL option '\(item.name)' (socket, ssl-mode, ssl-ca, init-command)")
      }
    }
    if host == nil { host = environment["MYSQL_HOST"] }
    if port == 0, let text = environment["MYSQL_TCP_PORT"], let value = UInt32(text) { port = value }
    if socket == nil { socket = environment["MYSQL_UNIX_PORT"] }
    if password == nil { password = environment["MYSQL_PWD"] }
  }

  /// `mysql://user@host:port/database`: who and where, never the password.
  var description: String {
    var text = "MySQL "
    if let user { text += user + "@" }
    text += host ?? (socket.map { "socket " + $0 } ?? "localhost")
    if port != 0 { text += ":\(port)" }
    if let database { text += "/" + database }
    return text
  }

  /// `url` with its password (in the user part or a `password=` option) replaced by `***`.
  static func redacted(_ url: String) -> String {
    var text = url
    if let scheme = text.range(of: "://"), let at = text.range(of: "@", range: scheme.upperBound..<text.endIndex),
      let colon = text.range(of: ":", range: scheme.upperBound..<at.lowerBound)
    {
      text.replaceSubrange(colon.upperBound..<at.lowerBound, with: "***")
    }
    if let range = text.range(of: #"password=[^&]*"#, options: [.regularExpression, .caseInsensitive]) {
      text.replaceSubrange(range, with: "password=***")
    }
    return text
  }
}
