import Access
import CMariaDB
import Synchronization

/// Cancels the statement running on one connection the way `mysql` does on Ctrl-C: `KILL
/// QUERY` with that connection's id, sent on a second, short-lived connection.
///
/// A killed statement does not always fail (`SLEEP` returns 1, `BENCHMARK` 0): the channel
/// asks `isCancelled` when a statement ends and fails it then, so a cancelled query never
/// passes for a finished one. The flag holds until `reset()`.
///
/// `cancel()` returns at once: the second connection is opened through `CancelRequests`, off
/// the calling thread (the UI's), and sends nothing once the statement ended meanwhile.
final class MySQLCanceller: QueryCanceller {
  private let options: MySQLConnectionOptions
  /// The server's id of the connection, new after each reconnection.
  let threadID: Mutex<UInt>
  private let cancelled = Mutex(false)

  init(options: MySQLConnectionOptions, threadID: UInt) {
    self.options = options
    self.threadID = Mutex(threadID)
  }

  var isCancelled: Bool { cancelled.withLock { $0 } }

  func cancel() {
    cancelled.withLock { $0 = true }
    let id = threadID.withLock { $0 }
    guard id != 0 else { return }
    CancelRequests.send { [self] in
      guard isCancelled, let connection = try? MySQLConnection(options) else { return }
      defer { connection.close() }
      // The statement may have ended while the connection opened.
      guard isCancelled, threadID.withLock({ $0 }) == id, let handle = connection.handle else { return }
      _ = mysql_query(handle, "KILL QUERY \(id)")
    }
  }

  func reset() {
    cancelled.withLock { $0 = false }
  }
}
