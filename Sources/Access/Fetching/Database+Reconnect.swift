import Foundation

/// Re-establishing a lost connection, without blocking on the network: the attempt is
/// stepped (`ReconnectableChannel`) and each wait is on the socket, the deadline and the
/// caller's `WakeSignal` together, so a stop (at exit) ends it at once.
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
  /// passes or `stop` is signaled — each wait is on the socket, the deadline and `stop`.
  public func reconnect(timeout: Duration = .seconds(10), stop: WakeSignal? = nil) throws {
    guard let channel = channel as? any ReconnectableChannel else {
      throw DatabaseError(.connection, "\(displayName) cannot be reconnected")
    }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let signal = stop ?? WakeSignal()
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
      switch signal.wait(socket: descriptor, events: events, timeout: deadline - clock.now) {
      case .signaled: throw DatabaseError(.connectionLost, "stopped reconnecting to \(displayName)")
      case .timedOut: throw DatabaseError(.connection, "\(displayName) did not answer within \(timeout)")
      case .ready: break
      }
      step = try locked { try channel.continueReconnect() }
    }
  }
}
