/// A failure talking to a database, in words a user can act on.
///
/// `message` is one line naming what failed; it never contains a password.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure, for code that reacts differently to each.
  public enum Kind: Hashable, Sendable {
    /// The server could not be reached, the database does not exist, or a file is missing.
    case connection
    /// The server refused the user name or password.
    case authentication
    /// The connection broke while in use.
    case connectionLost
    /// The statement was cancelled (`PQcancel`, `sqlite3_interrupt`).
    case cancelled
    /// A NOT NULL, foreign key, unique or check constraint refused the change.
    case constraint(ConstraintViolation)
    /// The user lacks the privilege, or the database is read-only.
    case permission
    /// Bad SQL, a missing table, a type error, or anything else the database reports.
    case statement
  }

  public var kind: Kind
  public var message: String
  /// The SQLSTATE (PostgreSQL) or extended result code (SQLite), when known.
  public var code: String?
  /// The statement that failed, if any (its parameters are not included).
  public var sql: String?
  /// Where in `sql` the error is, as a 0-based offset in Unicode scalars (PostgreSQL's
  /// `PG_DIAG_STATEMENT_POSITION` less one; SQLite's `sqlite3_error_offset`, converted from
  /// bytes), for a console to mark; nil when the database does not say.
  public var position: Int?
  /// Set on a lost connection when the change certainly never reached the server: the
  /// connection was dead before the transaction began, or `BEGIN` itself failed (never a
  /// failure during or after `COMMIT`). Only then may a save be sent again on its own.
  public var wasNeverApplied = false
  /// A login refused because the server asked for a password and none was given (libpq's
  /// `PQconnectionNeedsPassword`, MySQL's "using password: NO"): a terminal asks for one.
  public var needsPassword = false
  /// In a save of several changes (`Database.apply`), the index of the one the database
  /// refused, so the app can name the row (`line 3 of Bill Lines`).
  public var changeIndex: Int?

  public init(
    _ kind: Kind, _ message: String, code: String? = nil, sql: String? = nil, position: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.code = code
    self.sql = sql
    self.position = position
  }

  public var description: String { message }
}

/// Which constraint refused a change, as precisely as the database tells.
public struct ConstraintViolation: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case notNull = "not null"
    case foreignKey = "foreign key"
    case unique
    case check
    case other
  }

  public var kind: Kind
  public var constraint: String?
  public var table: String?
  public var column: String?

  public init(kind: Kind, constraint: String? = nil, table: String? = nil, column: String? = nil) {
    self.kind = kind
    self.constraint = constraint
    self.table = table
    self.column = column
  }
}
