import Qualifiers

extension Database {
  /// Streams every row a specification matches (its `limit` and `position` honoured), in
  /// batches of `batchSize`, in constant memory; return false from `batch` to stop early.
  /// Rows are labelled by key path like `fetch`'s. Holds this database's connection until
  /// done: `cancel()` from another thread stops it with a `.cancelled` error.
  ///
  ///     try db.stream(spec, batchSize: 1000) { rows in write(rows); return true }
  public func stream(
    _ spec: FetchSpecification, batchSize: Int = 1000, _ batch: ([Row]) throws -> Bool
  ) throws {
    let statement = try self.statement(for: spec)
    try stream(statement, mode: .asIs, batchSize: batchSize) { _, rows in
      rows.isEmpty ? true : try batch(rows)
    }
  }

  /// Streams any SQL text's rows in batches; `batch` gets the open cursor too (columns,
  /// `rowsAffected` once done), and is called once more with no rows when the result ends. With `.openTransaction` the transaction stays open: follow
  /// with `withChannel { try $0.commit() }` or `rollback()`.
  public func stream(
    _ statement: SQLStatement, mode: CursorMode, batchSize: Int = 1000,
    _ batch: (any ResultCursor, [Row]) throws -> Bool
  ) throws {
    try withChannel { channel in
      let cursor = try channel.openCursor(statement, mode: mode)
      defer { cursor.close() }
      while true {
        let rows = try cursor.next(batchSize)
        if rows.isEmpty {
          _ = try batch(cursor, rows)
          return
        }
        if try !batch(cursor, rows) { return }
      }
    }
  }
}
