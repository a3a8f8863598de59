/// A database d2t can open: it knows its dialect and opens connections (channels).
///
/// `SQLiteAdaptor` and `PostgreSQLAdaptor` implement it in their own modules, so nothing
/// above this layer links libsqlite3 or libpq.
public protocol Adaptor: Sendable {
  var dialect: SQLDialect { get }
  /// Where the adaptor connects, for titles and messages; never contains a password.
  var displayName: String { get }
  /// Names the database for per-connection state (history, change journal): the same for
  /// every way of naming it (a SQLite file by its absolute path); never a password.
  var connectionID: String { get }
  /// Where every statement of this adaptor's channels is logged.
  var log: SQLLog { get }
  /// Opens a new connection. Throws `DatabaseError` with a one-line reason on failure.
  func openChannel() throws -> any AdaptorChannel
}

/// One open connection. Use it from one thread at a time; `canceller` may be used from any.
public protocol AdaptorChannel: AnyObject {
  var dialect: SQLDialect { get }

  /// Runs a statement and calls `row` for each result row, as it arrives; return false
  /// from `row` to stop early.
  func query(_ statement: SQLStatement, row: (Row) throws -> Bool) throws

  /// Runs a statement that returns no rows; returns the number of rows it changed.
  @discardableResult
  func execute(_ statement: SQLStatement) throws -> Int

  /// Runs several `;`-separated statements without parameters (DDL scripts).
  func executeScript(_ sql: String) throws

  /// Runs one parameterised statement once per row of `rows`, prepared once.
  func executeBatch(_ sql: String, rows: [[DatabaseValue]]) throws

  /// Runs one statement (any SQL: a query, a change, DDL) and returns a cursor that reads
  /// its rows a batch at a time. Errors carry `DatabaseError.position` when the database
  /// names where in the SQL they are.
  func openCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any ResultCursor

  func begin() throws
  func commit() throws
  func rollback() throws

  /// Reads tables, views, columns, keys and types from the database's catalog.
  func readCatalog() throws -> Catalog

  /// Interrupts the statement running on this channel, from any thread.
  var canceller: any QueryCanceller { get }

  /// Closes the connection; further calls fail.
  func close()

  /// Where the channel is actually connected (`PostgreSQL postgres@db1:5432/shop` from the
  /// server libpq chose), when that can differ from what was typed; nil: the adaptor's name.
  var connectedName: String? { get }

  /// Settings of the session that decide what a write stores, to show in the debug overlay
  /// (MySQL's `sql_mode` and time zone); empty where there is nothing to say.
  var sessionSettings: [SessionSetting] { get }

  /// Why the database takes no writes through this connection though d2t did not ask for a
  /// read-only one (a SQLite file opened `mode=ro`, a hot standby, a read-only server), or
  /// nil: the app then offers no editing from the start.
  var readOnlyReason: String? { get }

  /// Whether the writes of the coming transaction keep what the server stored though it
  /// warned that it changed the values (MySQL outside a strict `sql_mode`): false refuses
  /// such a write; true after the user confirmed "Save anyway". Databases that never store
  /// something other than what was sent ignore it.
  func acceptWarnings(_ accepted: Bool)
}

/// One setting of a database session: `sql_mode = STRICT_TRANS_TABLES,…`.
public struct SessionSetting: Hashable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

extension AdaptorChannel {
  public func acceptWarnings(_ accepted: Bool) {}
}

extension Adaptor {
  public var connectionID: String { displayName }
}

extension AdaptorChannel {
  public var connectedName: String? { nil }

  public var sessionSettings: [SessionSetting] { [] }

  public var readOnlyReason: String? { nil }

  /// Runs a query and returns all its rows.
  public func query(_ statement: SQLStatement) throws -> [Row] {
    var rows: [Row] = []
    try query(statement) { row in
      rows.append(row)
      return true
    }
    return rows
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  public func inTransaction<T>(_ body: () throws -> T) throws -> T {
    try begin()
    do {
      let result = try body()
      try commit()
      return result
    } catch {
      try? rollback()
      throw error
    }
  }
}

/// Cancels whatever statement its channel is running; safe to call from any thread.
public protocol QueryCanceller: Sendable {
  func cancel()
  /// Forgets a cancel that found nothing to stop, before unrelated work starts (PostgreSQL
  /// keeps a request until a statement ends, as the server drops one sent too early).
  func reset()
}

extension QueryCanceller {
  public func reset() {}
}
