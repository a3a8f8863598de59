import Access
import CClientLibraries
import CLibPQ
import Foundation

/// One libpq connection. Rows stream in single-row mode, so a large result never has to be
/// held whole; parameters go as text with types inferred by the server.
final class PostgreSQLChannel: AdaptorChannel, RoleChannel {
  private var connection: OpaquePointer?
  let pgCanceller: PostgreSQLCanceller
  let log: SQLLog
  /// Hides the password in connection errors (also those of a reconnection).
  let redactor: PasswordRedactor
  /// Every transaction of the session is read-only (set again after a reconnection).
  let readOnly: Bool
  /// The role the session takes (`SET ROLE`), set again after a reconnection.
  let role: SessionRole

  /// `PostgreSQL user@host:port/dbname` as libpq connected (PQuser, PQhost, PQport, PQdb).
  var connectedName: String? {
    guard let connection else { return nil }
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
    let user = text(PQuser(connection)).map { $0 + "@" } ?? ""
    let host = text(PQhost(connection)) ?? "localhost"
    let port = text(PQport(connection)).map { ":" + $0 } ?? ""
    let database = text(PQdb(connection)).map { "/" + $0 } ?? ""
    return "PostgreSQL " + user + host + port + database
  }

  init(
    connectionString: String, password: String? = nil, readOnly: Bool = false, role: SessionRole = SessionRole(),
    log: SQLLog
  ) throws {
    self.log = log
    self.readOnly = readOnly
    self.role = role
    redactor = PasswordRedactor(connectionString: connectionString, password: password)
    if let problem = d2t_load_libpq() {
      throw DatabaseError(.connection, "cannot connect to PostgreSQL: " + String(cString: problem))
    }
    // Keywords before `dbname` (which libpq expands as a connection string) are defaults
    // it overrides; those after it override it.
    let defaults = [("connect_timeout", "10"), ("fallback_application_name", "d2t")] + Self.machineKerberosDefault
    let keywords = defaults.map(\.0) + ["dbname"] + (password == nil ? [] : ["password"])
    let values = defaults.map(\.1) + [connectionString] + (password.map { [$0] } ?? [])
    let connection = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keywordPointers + [nil], valuePointers + [nil], 1)
      }
    }
    guard let connection else {
      throw DatabaseError(.connection, "cannot connect to PostgreSQL: out of memory")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let error = Self.connectionError(connection, redactor: redactor)
      PQfinish(connection)
      throw error
    }
    self.connection = connection
    pgCanceller = PostgreSQLCanceller(connection: connection)
    PQsetNoticeReceiver(
      connection,
      { context, result in
        guard let context, let result, let message = PQresultErrorMessage(result) else { return }
        let log = Unmanaged<SQLLog>.fromOpaque(context).takeUnretainedValue()
        log.notice(firstLine(String(cString: message)))
      }, Unmanaged.passUnretained(log).toOpaque())
    try setUpSession()
  }

  /// The session settings d2t relies on, run after every (re)connection. From PostgreSQL 14
  /// the server also checks every second that d2t is still there while a statement runs
  /// (`client_connection_check_interval`), so a query whose client died stops too.
  func setUpSession() throws {
    var script =
      "SET client_encoding = 'UTF8'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601'; "
      + "SET extra_float_digits = 1"
    if let connection, PQserverVersion(connection) >= 140_000 {
      script += "; SET client_connection_check_interval = '1s'"
    }
    if readOnly { script += "; SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY" }
    if let name = role.current { script += "; SET ROLE " + SQLDialect.postgresql.quote(name) }
    try executeScript(script)
  }

  /// A hot standby (`in_hot_standby`, reported by the server from PostgreSQL 14) or
  /// `default_transaction_read_only = on` takes no writes: read from the parameters the
  /// server reports at connection, without a round trip.
  var readOnlyReason: String? {
    guard !readOnly, let connection else { return nil }
    func parameter(_ name: String) -> String? { PQparameterStatus(connection, name).map { String(cString: $0) } }
    if parameter("in_hot_standby") == "on" { return "the server is a hot standby" }
    if parameter("default_transaction_read_only") == "on" { return "the server's default_transaction_read_only is on" }
    return nil
  }

  /// What rights beyond `role` a statement could take through the connecting role, in
  /// words, or nil: it is a superuser, bypasses row-level security, may create roles, owns
  /// tables, or can become another role (directly, or through `role` itself).
  func escapeFromRole(_ role: String) throws -> String? {
    var reasons: [String] = []
    try query(
      SQLStatement(
        """
        WITH RECURSIVE reach(oid) AS (
          SELECT m.roleid FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = session_user
          UNION SELECT m.roleid FROM pg_auth_members m JOIN reach ON m.member = reach.oid)
        SELECT r.rolname::text AS name, r.rolsuper AS superuser, r.rolbypassrls AS bypass,
          r.rolcreaterole AS createrole,
          EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid AND c.relkind IN ('r', 'p', 'v', 'm')) AS owner,
          (SELECT string_agg(g.rolname::text, ', ' ORDER BY g.rolname) FROM reach
            JOIN pg_roles g ON g.oid = reach.oid WHERE g.rolname <> $1) AS others
        FROM pg_roles r WHERE r.rolname = session_user
        """, [.text(role)])
    ) { row in
      let name = row["name"]?.stringValue ?? "the connecting role"
      if row["superuser"] == .bool(true) { reasons.append("\(name) is a superuser") }
      if row["bypass"] == .bool(true) { reasons.append("\(name) bypasses row-level security") }
      if row["createrole"] == .bool(true) { reasons.append("\(name) may create roles and grant them") }
      if row["owner"] == .bool(true) { reasons.append("\(name) owns tables") }
      if let others = row["others"]?.stringValue, !others.isEmpty {
        reasons.append("\(name) can also become \(others) (directly or through the user's role)")
      }
      return false
    }
    return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
  }

  /// Takes the adaptor's role now (`SET ROLE`), or the connecting role again (`RESET ROLE`).
  func applySessionRole() throws {
    try executeScript(role.current.map { "SET ROLE " + SQLDialect.postgresql.quote($0) } ?? "RESET ROLE")
  }

  deinit {
    close()
  }

  var dialect: SQLDialect { .postgresql }

  var canceller: any QueryCanceller { pgCanceller }

  func close() {
    guard let connection else { return }
    pgCanceller.detach()
    PQfinish(connection)
    self.connection = nil
  }

  // MARK: - Statements

  func query(_ statement: SQLStatement, row: (Row) throws -> Bool) throws {
    try log.measure(statement, rowCount: { $0 }) {
      let connection = try open()
      let sent = withCStrings(statement.bindings.map(Self.parameterText)) { parameters in
        PQsendQueryParams(
          connection, statement.sql, Int32(parameters.count), nil, parameters, nil, nil, 0)
      }
      guard sent == 1 else { throw error(result: nil, sql: statement.sql) }
      PQsetSingleRowMode(connection)
      var failure: DatabaseError?
      var rows = 0
      var columns: [String]?
      var types: [ValueType?] = []
      var stopped = false
      defer { pgCanceller.reset() }
      while let result = nextResult(connection) {
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        if status == PGRES_SINGLE_TUPLE, !stopped, failure == nil {
          if columns == nil {
            columns = Self.columnNames(result)
            types = Self.columnTypes(result, hints: statement.resultTypes)
          }
          let values = Self.decodeRow(result, types: types)
          rows += 1
          do {
            if try !row(Row(columns: columns ?? [], values: values)) {
              stopped = true
              pgCanceller.interrupt()
            }
          } catch {
            stopped = true
            pgCanceller.interrupt()
            failure =
              (error as? DatabaseError)
              ?? DatabaseError(.statement, String(describing: error), sql: statement.sql)
          }
        } else if status != PGRES_TUPLES_OK, status != PGRES_COMMAND_OK,
          status != PGRES_SINGLE_TUPLE, failure == nil, !stopped
        {
          failure = error(result: result, sql: statement.sql)
        }
      }
      if let failure { throw failure }
      return rows
    }
  }

  @discardableResult
  func execute(_ statement: SQLStatement) throws -> Int {
    try log.measure(statement, rowCount: { $0 }) {
      defer { pgCanceller.reset() }
      let connection = try open()
      let result = withCStrings(statement.bindings.map(Self.parameterText)) { parameters in
        PQexecParams(
          connection, statement.sql, Int32(parameters.count), nil, parameters, nil, nil, 0)
      }
      defer { PQclear(result) }
      try check(result, sql: statement.sql)
      return Int(String(cString: PQcmdTuples(result))) ?? 0
    }
  }

  func executeScript(_ sql: String) throws {
    try log.measure(SQLStatement(sql)) { () throws -> Void in
      defer { pgCanceller.reset() }
      let result = PQexec(try open(), sql)
      defer { PQclear(result) }
      try check(result, sql: sql)
    }
  }

  func executeBatch(_ sql: String, rows: [[DatabaseValue]]) throws {
    try log.measure(SQLStatement(sql + " -- × \(rows.count) rows")) { () throws -> Void in
      defer { pgCanceller.reset() }
      let connection = try open()
      let prepared = PQprepare(connection, "", sql, 0, nil)
      defer { PQclear(prepared) }
      try check(prepared, sql: sql)
      for values in rows {
        let result = withCStrings(values.map(Self.parameterText)) { parameters in
          PQexecPrepared(connection, "", Int32(parameters.count), parameters, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, sql: sql)
      }
    }
  }

  func begin() throws { try executeScript("BEGIN") }
  func commit() throws { try executeScript("COMMIT") }
  func rollback() throws {
    guard let connection, PQtransactionStatus(connection) != PQTRANS_IDLE else { return }
    try executeScript("ROLLBACK")
  }

  // MARK: - Helpers

  /// The connection, when it is up; a broken one (or one being re-established) fails at
  /// once with `.connectionLost`.
  func open() throws -> OpaquePointer {
    guard let connection else {
      throw DatabaseError(.connectionLost, "the PostgreSQL connection is closed")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      throw DatabaseError(.connectionLost, "the connection to the PostgreSQL server was lost")
    }
    return connection
  }

  private func check(_ result: OpaquePointer?, sql: String) throws {
    let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
    // A script of nothing but comments (an export of an empty table) runs nothing, as in
    // psql: no error without a message.
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
      throw error(result: result, sql: sql)
    }
  }

  var rawConnection: OpaquePointer? { connection }

  /// The next result of the running statement. Waits on the socket rather than inside
  /// libpq — and on the canceller's signal, with no timeout — so a requested cancel the
  /// server dropped (it came before the statement) is sent again, every
  /// `resendInterval` while it goes unanswered, until the statement stops.
  func nextResult(_ connection: OpaquePointer) -> OpaquePointer? {
    while PQisBusy(connection) == 1 {
      let socket = PQsocket(connection)
      guard socket >= 0 else { break }
      let signal = pgCanceller.requestedSignal
      switch signal.wait(socket: socket, timeout: pgCanceller.isRequested ? PostgreSQLCanceller.resendInterval : nil) {
      case .signaled:
        // From now on the resend interval is the wait's timeout.
        signal.clear()
        pgCanceller.resendIfRequested()
      case .timedOut:
        pgCanceller.resendIfRequested()
      case .ready:
        // A socket that fails ends the wait: libpq then reports it.
        if PQconsumeInput(connection) == 0 { return PQgetResult(connection) }
      }
    }
    return PQgetResult(connection)
  }

  /// A parameter as libpq's text format; nil for SQL NULL.
  static func parameterText(_ value: DatabaseValue) -> String? {
    value.isNull ? nil : value.literalText
  }
}

/// Calls `body` with C strings that live for the duration of the call (nil stays NULL).
func withCStrings<R>(
  _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> R
)
  rethrows -> R
{
  let copies = strings.map { string in string.flatMap { strdup($0) } }
  defer { copies.forEach { free($0) } }
  return try body(copies.map { $0.map { UnsafePointer($0) } })
}
