/// A channel that can run PostgreSQL's `COPY … FROM STDIN`, sending rows as bytes in the
/// format the statement names (`PQputCopyData`): the fastest way in for an import.
public protocol CopyInChannel: AdaptorChannel {
  /// Runs `sql` (a `COPY … FROM STDIN` statement) and sends what `next` gives until it
  /// returns nil; returns the number of rows the server copied. When `next` throws, the copy
  /// is ended as failed (the server keeps nothing of it) and the error is rethrown.
  func copyIn(_ sql: String, next: () throws -> [UInt8]?) throws -> Int
}
