import Foundation

/// The user, host, port and database of a plain connection URL
/// (`postgres[ql]://[user[:password]@]host[:port][/database]`), read without libpq, as
/// libpq reads them.
///
/// Naming a connection (`displayName`, the catalog memory's file, the first screen's title)
/// then does not load libpq and what Debian's libpq links (5–8 ms): a start draws its first
/// screen while the connection's thread loads it. Anything else — parameters, several hosts,
/// a socket folder, an IPv6 address, keywords (`host=… dbname=…`) — is nil here and read by
/// libpq (`ConnectionOptions`); `PlainConnectionURLTests` checks both readings agree.
struct PlainConnectionURL: Equatable {
  var user: String?
  var host: String
  var port: String?
  var database: String?

  init?(_ connectionString: String) {
    guard let scheme = connectionString.range(of: "://"),
      ["postgresql", "postgres"].contains(connectionString[..<scheme.lowerBound]),
      let components = URLComponents(string: connectionString),
      components.percentEncodedQuery == nil, components.percentEncodedFragment == nil,
      let host = components.host, !host.isEmpty,
      !host.contains(where: { $0 == ":" || $0 == "," || $0 == "/" || $0 == "[" })
    else { return nil }
    var user: String?
    if let encodedUser = components.percentEncodedUser {
      guard !encodedUser.isEmpty, let decoded = components.user, !decoded.isEmpty else { return nil }
      user = decoded
    }
    var port: String?
    if let number = components.port {
      // Written as libpq keeps it (`:05432` stays `05432`).
      let authority = connectionString[scheme.upperBound...].prefix { $0 != "/" }
      let afterUser = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
      let hostAndPort = authority[afterUser...]
      guard let colon = hostAndPort.lastIndex(of: ":"),
        Int(hostAndPort[hostAndPort.index(after: colon)...]) == number
      else { return nil }
      port = String(hostAndPort[hostAndPort.index(after: colon)...])
    }
    var database: String?
    let path = components.path
    if path.count > 1 {
      guard path.hasPrefix("/"), !path.dropFirst().contains("/") else { return nil }
      database = String(path.dropFirst())
    } else if !path.isEmpty, path != "/" {
      return nil
    }
    guard [user, host, port, database].allSatisfy(Self.isPlain) else { return nil }
    self.init(user: user, host: host, port: port, database: database)
  }

  init(user: String?, host: String, port: String?, database: String?) {
    self.user = user
    self.host = host
    self.port = port
    self.database = database
  }

  /// What libpq reads from any connection string (a missing host is `localhost`).
  init(parsedByLibpq connectionString: String) {
    let options = ConnectionOptions(connectionString)
    self.init(
      user: options["user"], host: options["host"] ?? "localhost", port: options["port"], database: options["dbname"])
  }

  /// Text libpq would read the same: no control characters, no NUL.
  private static func isPlain(_ text: String?) -> Bool {
    guard let text else { return true }
    return !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
