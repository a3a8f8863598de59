/// A channel that inserts rows one at a time through one prepared statement, each column
/// bound as it is read (no row of values built first): the fastest way in for an import on
/// SQLite.
public protocol InsertingChannel: AdaptorChannel {
  /// A prepared `sql` (an `INSERT` with one placeholder per column) to bind and run row
  /// after row.
  func rowInserter(_ sql: String) throws -> any RowInserter
}

/// One prepared `INSERT`, its columns bound one by one (`bind`, `bindText`) and then run
/// (`insert`). A refused row is refused alone: the rows inserted before it stay.
public protocol RowInserter: AnyObject {
  /// Binds column `position` (0-based) of the next row.
  func bind(_ position: Int, _ value: DatabaseValue)
  /// Binds column `position` to text given as UTF-8 bytes (copied).
  func bindText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>)
  /// Inserts the row bound; throws the database's refusal of it.
  func insert() throws
  /// The last refusal ended the transaction (a trigger's `RAISE(ROLLBACK)`): nothing more
  /// may be written.
  var endedTransaction: Bool { get }
  /// The statement logged once, with the rows inserted and the time taken.
  func finish()
}
