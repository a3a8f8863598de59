import Access

/// Connects to PostgreSQL through libpq.
///
/// `connectionString` is a `postgres://` or `postgresql://` URL or a libpq keyword string
/// (`host=… dbname=…`); libpq itself applies the `PG*` environment variables and
/// `~/.pgpass`, so d2t connects exactly where `psql` would.
public struct PostgreSQLAdaptor: RoleAdaptor {
  public let connectionString: String
  /// Every transaction of the session is read-only: the server refuses any write.
  public let readOnly: Bool
  public let log: SQLLog
  /// The role every connection takes after login (`databaseRole`), shared by copies.
  public let sessionRole = SessionRole()

  /// A password typed at a prompt (or given by `password_command`): it overrides the
  /// connection string's and libpq's other sources.
  public let password: Secret?

  public init(connectionString: String, password: String? = nil, readOnly: Bool = false, log: SQLLog = SQLLog()) {
    self.connectionString = connectionString
    self.password = password.map(Secret.init)
    self.readOnly = readOnly
    self.log = log
  }

  public var dialect: SQLDialect { .postgresql }

  /// `PostgreSQL postgres@127.0.0.1:5432/sakila`, from the parsed string, never the password;
  /// a plain URL is read without loading libpq (`PlainConnectionURL`).
  public var displayName: String {
    Self.displayName(PlainConnectionURL(connectionString) ?? PlainConnectionURL(parsedByLibpq: connectionString))
  }

  static func displayName(_ url: PlainConnectionURL) -> String {
    let user = url.user.map { $0 + "@" } ?? ""
    let port = url.port.map { ":" + $0 } ?? ""
    let database = url.database.map { "/" + $0 } ?? ""
    return "PostgreSQL " + user + url.host + port + database
  }

  public func openChannel() throws -> any AdaptorChannel {
    try PostgreSQLChannel(
      connectionString: connectionString, password: password?.text, readOnly: readOnly, role: sessionRole, log: log)
  }
}
