import Access
import CClientLibraries
import CMariaDB

/// One Connector/C connection handle: opened with the options, closed once.
final class MySQLConnection {
  private(set) var handle: UnsafeMutablePointer<MYSQL>?

  /// Connects, or throws a `DatabaseError` that names the server but never the password.
  init(_ options: MySQLConnectionOptions) throws {
    if let problem = d2t_load_libmariadb() {
      throw DatabaseError(.connection, "cannot connect to MySQL: " + String(cString: problem))
    }
    guard let handle = mysql_init(nil) else { throw DatabaseError(.connection, "out of memory") }
    self.handle = handle
    // The client's option files: `[client]` of /etc/mysql/my.cnf, ~/.my.cnf, …
    _ = mysql_options(handle, MYSQL_READ_DEFAULT_GROUP, "client")
    _ = mysql_options(handle, MYSQL_SET_CHARSET_NAME, "utf8mb4")
    var timeout: UInt32 = 10
    _ = mysql_options(handle, MYSQL_OPT_CONNECT_TIMEOUT, &timeout)
    if let mode = options.sslMode {
      var enforce: my_bool = mode == "DISABLED" ? 0 : 1
      if mode != "DISABLED" && mode != "PREFERRED" { _ = mysql_options(handle, MYSQL_OPT_SSL_ENFORCE, &enforce) }
      var verify: my_bool = mode == "VERIFY_CA" || mode == "VERIFY_IDENTITY" ? 1 : 0
      _ = mysql_options(handle, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify)
    }
    if let ca = options.sslCA { _ = mysql_options(handle, MYSQL_OPT_SSL_CA, ca) }
    if let command = options.initCommand { _ = mysql_options(handle, MYSQL_INIT_COMMAND, command) }
    // Rows matched, not rows changed, count as affected: an update that writes the same
    // values still finds its row.
    let flags = UInt(CLIENT_FOUND_ROWS) | UInt(CLIENT_MULTI_STATEMENTS) | UInt(CLIENT_MULTI_RESULTS)
    let connected = mysql_real_connect(
      handle, options.host, options.user, options.password, options.database, options.port, options.socket,
      flags)
    guard connected != nil else {
      let code = mysql_errno(handle)
      let message = String(cString: mysql_error(handle))
      mysql_close(handle)
      self.handle = nil
      let kind: DatabaseError.Kind = code == 1045 || code == 1044 || code == 1698 ? .authentication : .connection
      var error = DatabaseError(kind, "cannot connect to \(options.description): \(message)", code: String(code))
      error.needsPassword = code == 1045 && message.hasSuffix("(using password: NO)")
      throw error
    }
    // Connector/C goes on without TLS when the server offers none, whatever was asked:
    // a connection that must be encrypted is checked here.
    if let mode = options.sslMode, mode != "DISABLED", mode != "PREFERRED", mysql_get_ssl_cipher(handle) == nil {
      mysql_close(handle)
      self.handle = nil
      throw DatabaseError(
        .connection, "cannot connect to \(options.description): ssl-mode=\(mode), but the server offers no TLS")
    }
  }

  deinit {
    close()
  }

  func close() {
    guard let handle else { return }
    mysql_close(handle)
    self.handle = nil
  }

  /// The server's id of this connection, for `KILL QUERY`.
  var threadID: UInt { handle.map { mysql_thread_id($0) } ?? 0 }
}
