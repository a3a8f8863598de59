import Access

/// MySQL and MariaDB through the system's Connector/C (`libmariadb`): prepared statements
/// with bound parameters in the binary protocol, rows streamed one at a time.
public struct MySQLAdaptor: Adaptor {
  /// The `mysql://` or `mariadb://` URL as given.
  public let url: String
  public let readOnly: Bool
  public let log: SQLLog

  /// A password typed at a prompt (or given by `password_command`): it overrides the
  /// URL's, `MYSQL_PWD` and the option files'.
  public let password: Secret?

  public init(url: String, password: String? = nil, readOnly: Bool = false, log: SQLLog = SQLLog()) {
    self.url = url
    self.password = password.map(Secret.init)
    self.readOnly = readOnly
    self.log = log
  }

  public var dialect: SQLDialect { .mysql }

  public var displayName: String {
    (try? MySQLConnectionOptions(url: url).description) ?? MySQLConnectionOptions.redacted(url)
  }

  public func openChannel() throws -> any AdaptorChannel {
    var options = try MySQLConnectionOptions(url: url)
    if let password { options.password = password.text }
    return try MySQLChannel(options: options, readOnly: readOnly, log: log)
  }
}
