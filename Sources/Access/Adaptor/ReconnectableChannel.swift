/// A channel that can re-establish a lost connection without blocking, one step at a time
/// (libpq's `PQresetStart` / `PQresetPoll`), so a caller can wait on the socket, give up
/// after its own timeout, and stop at exit.
public protocol ReconnectableChannel: AdaptorChannel {
  /// Whether the connection is broken: reads what the socket holds, without blocking, so a
  /// server that closed the connection while it was idle is noticed.
  func isBroken() -> Bool
  /// Drops the broken connection and starts connecting again with the same options (every
  /// host of a multi-host string, `target_session_attrs` honoured); returns what to wait
  /// for before `continueReconnect`.
  func startReconnect() throws -> ReconnectStep
  /// Advances the connection attempt; throws a `DatabaseError` when it failed.
  func continueReconnect() throws -> ReconnectStep
}

/// What a connection attempt waits for next.
public enum ReconnectStep: Hashable, Sendable {
  /// Call `continueReconnect` again once this socket is readable.
  case waitForRead(Int32)
  /// Call `continueReconnect` again once this socket is writable.
  case waitForWrite(Int32)
  /// Connected, with the session set up again (encoding, date style, read-only).
  case connected
}
