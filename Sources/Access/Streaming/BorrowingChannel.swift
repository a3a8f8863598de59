/// A cursor that hands over each row's values read in place (`BorrowedValue`) instead of
/// building `Row`s: SQLite's, where a value is read straight from the stepped statement.
public protocol BorrowingCursor: ResultCursor {
  /// Reads up to `count` more rows, calling `row` with each one's values in column order
  /// (valid only during the call); returns the number of rows read, 0 once done.
  func visit(_ count: Int, _ row: ([BorrowedValue]) throws -> Void) throws -> Int
}

/// A channel whose cursors can be read in place (`BorrowingCursor`).
public protocol BorrowingChannel: AdaptorChannel {
  func openBorrowingCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any BorrowingCursor
}

extension Database {
  /// Opens `statement` as a `BorrowingCursor` on this database's connection and runs `body`
  /// with it, closing it after; nil (and `body` not run) when the database's cursors cannot
  /// be read in place (PostgreSQL). Holds the connection until done: `cancel()` from
  /// another thread stops it with a `.cancelled` error.
  public func withBorrowingCursor<T>(
    _ statement: SQLStatement, mode: CursorMode = .asIs, _ body: (any BorrowingCursor) throws -> T
  ) throws -> T? {
    try withChannel { channel in
      guard let borrowing = channel as? any BorrowingChannel else { return nil }
      let cursor = try borrowing.openBorrowingCursor(statement, mode: mode)
      defer { cursor.close() }
      return try body(cursor)
    }
  }
}
