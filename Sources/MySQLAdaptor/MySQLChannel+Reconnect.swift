import Access
import CMariaDB
import Foundation

/// Reconnecting after the server went away (a restart, a failover behind one address, a
/// killed connection): `Database.reconnect` and the app's reconnection loop drive it, as for
/// PostgreSQL. Connector/C connects in one blocking call, bounded by its 10 s connect
/// timeout, so `startReconnect` does the whole attempt and says `.connected`.
extension MySQLChannel: ReconnectableChannel {
  /// Whether the connection is gone: a statement said so, or the idle socket has something
  /// to read (the server closed it, or sent its shutdown error), which an idle MySQL
  /// connection never has otherwise.
  func isBroken() -> Bool {
    if isLost { return true }
    guard let handle = connection.handle else { return true }
    let socket = Int32(truncatingIfNeeded: mysql_get_socket(handle))
    guard socket >= 0 else { return true }
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    if poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { isLost = true }
    return isLost
  }

  func startReconnect() throws -> ReconnectStep {
    let fresh = try MySQLConnection(options)
    connection.close()
    connection = fresh
    mysqlCanceller.threadID.withLock { $0 = fresh.threadID }
    isLost = false
    endTransaction()
    try setUpSession()
    return .connected
  }

  func continueReconnect() throws -> ReconnectStep {
    .connected
  }
}
