import Access
import CMariaDB

/// One connection to a MySQL or MariaDB server.
final class MySQLChannel: AdaptorChannel {
  var connection: MySQLConnection
  let options: MySQLConnectionOptions
  let log: SQLLog
  let readOnly: Bool
  let mysqlCanceller: MySQLCanceller
  /// A statement found the connection gone (the server restarted, or killed it).
  var isLost = false
  /// The user confirmed "Save anyway" for this transaction's writes (`acceptWarnings`).
  var acceptsWarnings = false
  /// Whether a transaction is open (`START TRANSACTION` sent, no `COMMIT`/`ROLLBACK` yet).
  private(set) var inTransaction = false

  init(options: MySQLConnectionOptions, readOnly: Bool, log: SQLLog) throws {
    self.options = options
    self.log = log
    self.readOnly = readOnly
    connection = try MySQLConnection(options)
    mysqlCanceller = MySQLCanceller(options: options, threadID: connection.threadID)
    try setUpSession()
  }

  /// The session's settings, on a new connection and again after a reconnection: d2t's
  /// literals double backslashes (MySQL's default), so a session that turned that off would
  /// read them twice; a key given as 0 is stored as 0, not replaced by the next
  /// AUTO_INCREMENT value (NO_AUTO_VALUE_ON_ZERO), so a row is saved as typed.
  func setUpSession() throws {
    try executeScript(
      "SET SESSION sql_mode = CONCAT_WS(',', NULLIF(REPLACE(@@SESSION.sql_mode, 'NO_BACKSLASH_ESCAPES', ''), ''), "
        + "'NO_AUTO_VALUE_ON_ZERO')")
    if readOnly { try executeScript("SET SESSION TRANSACTION READ ONLY") }
    let settings =
      try query(
        SQLStatement(
          "SELECT VERSION(), @@SESSION.sql_mode, @@SESSION.time_zone, @@system_time_zone, @@GLOBAL.read_only",
          resultTypes: Array(repeating: Self.text, count: 5))
      ).first?.values.map { $0.stringValue ?? "" } ?? []
    if settings.count == 5 {
      serverIsReadOnly = settings[4] == "1" || settings[4].uppercased() == "ON"
      sessionSettings = [
        SessionSetting("server", settings[0]), SessionSetting("sql_mode", settings[1]),
        SessionSetting("time_zone", settings[2] == "SYSTEM" ? "SYSTEM (\(settings[3]))" : settings[2]),
      ]
    }
  }

  /// The server runs with `read_only` (a replica, or a primary fenced off).
  private(set) var serverIsReadOnly = false

  var readOnlyReason: String? {
    !readOnly && serverIsReadOnly ? "the server is read-only (read_only = ON)" : nil
  }

  /// The server's version, `sql_mode` and time zone, read when the connection opened.
  private(set) var sessionSettings: [SessionSetting] = []

  deinit {
    close()
  }

  var dialect: SQLDialect { .mysql }

  var canceller: any QueryCanceller { mysqlCanceller }

  /// `MySQL user@host:port/database` as Connector/C connected, which `~/.my.cnf` or the
  /// `MYSQL_*` variables may have decided (the password never).
  var connectedName: String? {
    guard let handle = connection.handle else { return options.description }
    func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
      pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    let session = handle.pointee
    var connected = options
    connected.user = text(session.user) ?? options.user
    connected.database = text(session.db) ?? options.database
    if let socket = text(session.unix_socket), text(session.host) == "localhost" {
      connected.host = nil
      connected.socket = socket
      connected.port = 0
    } else {
      connected.host = text(session.host) ?? options.host
      connected.port = session.port
    }
    return connected.description
  }

  func close() {
    connection.close()
  }

  private func handle() throws -> UnsafeMutablePointer<MYSQL> {
    guard let handle = connection.handle else {
      throw DatabaseError(.connectionLost, "the connection to \(options.description) is closed")
    }
    return handle
  }

  // MARK: - Statements

  /// Prepares and runs `statement`, its columns read as its result types say; the caller
  /// reads its rows (a query's from a server-side cursor when `cursor`, else as they
  /// arrive, to the end) and closes it.
  func run(_ statement: SQLStatement, cursor: Bool = false) throws -> MySQLStatement {
    let prepared = try MySQLStatement(try handle(), sql: statement.sql)
    do {
      try prepared.execute(statement.bindings, results: .init(statement.sql, cursor: cursor))
    } catch {
      prepared.close()
      throw checked(error, sql: statement.sql)
    }
    prepared.setHints(statement.resultTypes)
    return prepared
  }

  /// `error`, or a cancel when one was asked for (a killed statement reports "Query
  /// execution was interrupted", or nothing at all).
  func checked(_ error: any Error, sql: String?) -> any Error {
    if let error = error as? DatabaseError, error.kind == .connectionLost { isLost = true }
    guard mysqlCanceller.isCancelled else { return error }
    return DatabaseError(.cancelled, "cancelled", sql: sql)
  }

  /// Fails a statement that ended after a cancel, whatever it returned.
  func checkCancelled(_ sql: String) throws {
    if mysqlCanceller.isCancelled { throw DatabaseError(.cancelled, "cancelled", sql: sql) }
  }

  func query(_ statement: SQLStatement, row: (Row) throws -> Bool) throws {
    try log.measure(statement, rowCount: { $0 }) {
      let prepared = try run(statement)
      defer { prepared.close() }
      let columns = prepared.fields.map(\.name)
      var count = 0
      do {
        while let values = try prepared.next() {
          count += 1
          if try !row(Row(columns: columns, values: values)) {
            prepared.finish()
            break
          }
        }
      } catch {
        throw checked(error, sql: statement.sql)
      }
      try checkCancelled(statement.sql)
      return count
    }
  }

  @discardableResult
  func execute(_ statement: SQLStatement) throws -> Int {
    try log.measure(statement, rowCount: { $0 }) {
      let prepared = try run(statement)
      defer { prepared.close() }
      do {
        while try prepared.next() != nil {}
      } catch {
        throw checked(error, sql: statement.sql)
      }
      try checkCancelled(statement.sql)
      try refuseWarnings(of: statement.sql)
      return prepared.affectedRows
    }
  }

  func executeScript(_ sql: String) throws {
    try log.measure(SQLStatement(sql)) { () throws -> Void in
      let handle = try handle()
      let bytes = Array(sql.utf8)
      let rc = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { mysql_real_query(handle, $0.baseAddress, UInt(buffer.count)) }
      }
      guard rc == 0 else { throw checked(failure(sql: sql), sql: sql) }
      // Every statement of the script gives a result (or an error) to be read.
      while true {
        if let result = mysql_store_result(handle) { mysql_free_result(result) }
        let next = mysql_next_result(handle)
        if next == -1 { break }
        guard next == 0 else { throw checked(failure(sql: sql), sql: sql) }
      }
    }
  }

  func executeBatch(_ sql: String, rows: [[DatabaseValue]]) throws {
    try log.measure(SQLStatement(sql + " -- × \(rows.count) rows")) { () throws -> Void in
      let prepared = try MySQLStatement(try handle(), sql: sql)
      defer { prepared.close() }
      for values in rows { try prepared.execute(values, results: .stored) }
    }
  }

  func openCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any ResultCursor {
    try MySQLCursor(channel: self, statement: statement, mode: mode)
  }

  func begin() throws {
    try executeScript("START TRANSACTION")
    inTransaction = true
  }

  func commit() throws {
    inTransaction = false
    try executeScript("COMMIT")
  }

  /// Forgets the transaction a lost connection took with it.
  func endTransaction() {
    inTransaction = false
  }

  func rollback() throws {
    inTransaction = false
    try executeScript("ROLLBACK")
  }

  func failure(sql: String?) -> DatabaseError {
    guard let handle = connection.handle else {
      return DatabaseError(.connectionLost, "the connection to \(options.description) is closed")
    }
    return MySQLErrors.error(
      code: mysql_errno(handle), message: String(cString: mysql_error(handle)),
      sqlState: String(cString: mysql_sqlstate(handle)), sql: sql)
  }
}
