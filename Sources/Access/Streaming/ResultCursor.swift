/// How a statement opened as a cursor is wrapped in a transaction.
public enum CursorMode: Hashable, Sendable {
  /// As the channel stands: in autocommit, or inside the transaction already open.
  case asIs
  /// In a read-only transaction: PostgreSQL `BEGIN READ ONLY` (the server refuses any write
  /// with SQLSTATE 25006); SQLite refuses a statement `sqlite3_stmt_readonly` says writes.
  /// The transaction ends when the cursor is closed.
  case readOnly
  /// In an explicit transaction left open when the cursor is closed, so the caller decides:
  /// `channel.commit()` or `channel.rollback()`.
  case openTransaction
}

/// One column of a result: its label and type, as the database describes it.
public struct ResultColumn: Hashable, Sendable {
  public var name: String
  /// The database's own type name (`numeric`, `DECIMAL(4,2)`, `text`); empty when unknown
  /// (a SQLite expression column).
  public var typeName: String
  /// How d2t decodes the column; nil when it falls back to what each value holds.
  public var valueType: ValueType?
  /// The table column the values come from, when the database says (SQLite
  /// `sqlite3_column_table_name`/`origin_name`; PostgreSQL `PQftable`/`PQftablecol`, named
  /// by `AdaptorChannel.resolveOrigins`); nil for an expression.
  public var origin: Origin?

  /// A result column's source: a table's column, or (PostgreSQL, before it is named) the
  /// table's OID and the column's number.
  public struct Origin: Hashable, Sendable {
    public var schema: String?
    public var table: String?
    public var column: String?
    public var tableOID: UInt32?
    public var columnNumber: Int?

    public init(
      schema: String? = nil, table: String? = nil, column: String? = nil, tableOID: UInt32? = nil,
      columnNumber: Int? = nil
    ) {
      self.schema = schema
      self.table = table
      self.column = column
      self.tableOID = tableOID
      self.columnNumber = columnNumber
    }
  }

  public init(name: String, typeName: String, valueType: ValueType?, origin: Origin? = nil) {
    self.name = name
    self.typeName = typeName
    self.valueType = valueType
    self.origin = origin
  }
}

/// A statement's result read a batch at a time, in constant memory: PostgreSQL in libpq's
/// single-row mode (rows held by the socket until read), SQLite by stepping the statement.
///
///     let cursor = try channel.openCursor(SQLStatement("select * from big"), mode: .readOnly)
///     defer { cursor.close() }
///     while case let rows = try cursor.next(500), !rows.isEmpty { show(rows) }
///
/// The channel is busy until the cursor is closed: use a channel of its own for a console.
/// `channel.canceller.cancel()` from another thread makes the waiting `next` throw
/// `.cancelled`.
public protocol ResultCursor: AnyObject {
  /// The result's columns (empty for a statement that returns no rows).
  var columns: [ResultColumn] { get }
  /// Whether the statement only reads: SQLite from `sqlite3_stmt_readonly`; PostgreSQL from
  /// the mode (`.readOnly` proves it) or the command tag once done (`SELECT`, `SHOW`, …),
  /// nil while unknown.
  var isReadOnly: Bool? { get }
  /// Rows inserted, updated or deleted, once the statement is done; nil for a query.
  var rowsAffected: Int? { get }
  /// What the server warned it changed while writing (MySQL outside a strict `sql_mode`:
  /// `Data truncated for column 'title' at row 1`), once the statement is done; empty
  /// where the database refuses instead of warning.
  var warnings: [String] { get }
  /// True once every row has been read.
  var isDone: Bool { get }
  /// Once this result is read: another result of the statement follows (a MySQL
  /// procedure's next `SELECT`), which `nextResult()` moves to.
  var hasMoreResults: Bool { get }
  /// Moves to the statement's next result: its `columns` and rows from there on.
  func nextResult() throws
  /// Up to `count` more rows; empty when there are none left.
  func next(_ count: Int) throws -> [Row]
  /// Stops reading (cancelling the rest on PostgreSQL) and frees the statement. In
  /// `.readOnly` mode it also ends the transaction; in `.openTransaction` mode it leaves it
  /// open. Safe to call twice.
  func close()
}

extension ResultCursor {
  public var warnings: [String] { [] }
  public var hasMoreResults: Bool { false }
  public func nextResult() throws {
    throw DatabaseError(.statement, "the statement has no further result")
  }
}
