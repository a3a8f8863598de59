import Foundation

/// Re-establishing a lost connection, without blocking on the network: the attempt is
/// stepped (`ReconnectableChannel`) and the socket waited on in short slices, so the caller
/// can stop it (at exit) and bound it with its own timeout.
extension Database {
  /// Whether the connection can be re-established (PostgreSQL; a SQLite file cannot).
  public var canReconnect: Bool { channel is any ReconnectableChannel }

  /// Whether the connection is known to be broken. False while a statement runs on it:
  /// that statement will report a lost connection itself.
  public func isConnectionBroken() -> Bool {
    guard let channel = channel as? any ReconnectableChannel, lock.try() else { return false }
    defer { lock.unlock() }
    return channel.isBroken()
  }

  /// Connects again with the same options; statements run meanwhile fail at once with
  /// `.connectionLost`. Throws the connection error of a failed attempt, or when `timeout`
  /// passes or `shouldStop` returns true.
  public func reconnect(timeout: Duration = .seconds(10), shouldStop: () -> Bool = { false }) throws {
    guard let channel = channel as? any ReconnectableChannel else {
      throw DatabaseError(.connection, "\(displayName) cannot be reconnected")
    }
    let deadline = ContinuousClock.now + timeout
    var step = try locked { try channel.startReconnect() }
    while true {
      let descriptor: Int32
      let events: Int16
      switch step {
      case .connected:
        let name = locked { channel.connectedName }
        connectedName.withLock { $0 = name }
        return
      case .waitForRead(let socket):
        (descriptor, events) = (socket, Int16(POLLIN))
      case .waitForWrite(let socket):
        (descriptor, events) = (socket, Int16(POLLOUT))
      }
      while true {
        if shouldStop() { throw DatabaseError(.connectionLost, "stopped reconnecting to \(displayName)") }
        if ContinuousClock.now >= deadline {
          throw DatabaseError(.connection, "\(displayName) did not answer within \(timeout)")
        }
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        if poll(&entry, 1, 100) != 0 { break }
      }
      step = try locked { try channel.continueReconnect() }
    }
  }
}
