/// A channel that can run PostgreSQL's `COPY (…) TO STDOUT`, handing over each row's bytes
/// exactly as the server formatted them (`PQgetCopyData`): the fastest way out for an
/// export whose format the server's own matches.
public protocol CopyOutChannel: AdaptorChannel {
  /// Runs `sql` (a `COPY … TO STDOUT` statement, no parameters: COPY takes none) and
  /// calls `row` with each row's bytes, line end included; returns the number of rows.
  /// `canceller.cancel()` stops it with `.cancelled`.
  func copyOut(_ sql: String, row: (UnsafeRawBufferPointer) throws -> Void) throws -> Int
}

extension Database {
  /// `CopyOutChannel.copyOut` on this database's connection; nil when the database cannot
  /// (SQLite).
  public func copyOut(_ sql: String, row: (UnsafeRawBufferPointer) throws -> Void) throws -> Int? {
    try withChannel { channel in
      guard let copying = channel as? any CopyOutChannel else { return nil }
      return try copying.copyOut(sql, row: row)
    }
  }
}
