import Access

/// MySQL and MariaDB through the system's Connector/C (`libmariadb`): prepared statements
/// with bound parameters in the binary protocol, rows streamed one at a time.
public struct MySQLAdaptor: Adaptor {
  /// The `mysql://` or `mariadb://` URL as given.
  public let url: String
  public let readOnly: Bool
  public let log: SQLLog

  public init(url: String, readOnly: Bool = false, log: SQLLog = SQLLog()) {
    self.url = url
    self.readOnly = readOnly
    self.log = log
  }

  public var dialect: SQLDialect { .mysql }

  public var displayName: String {
    (try? MySQLConnectionOptions(url: url).description) ?? MySQLConnectionOptions.redacted(url)
  }

  public func openChannel() throws -> any AdaptorChannel {
    try MySQLChannel(options: try MySQLConnectionOptions(url: url), readOnly: readOnly, log: log)
  }
}
