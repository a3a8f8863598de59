import Dispatch
import Foundation

/// Where adaptors send their cancel requests: off the calling thread, since a request opens
/// a connection of its own to the server (PostgreSQL's `PQcancel`, MariaDB's `KILL QUERY`)
/// and waits for it — a moment on localhost, as long as the network takes elsewhere, and
/// forever while the server does not answer. `cancel()` is called from the UI thread (Esc on
/// a loading page, leaving it, quitting, a restart after a schema change): the screen never
/// waits for the network.
public enum CancelRequests {
  private static let group = DispatchGroup()

  /// Runs `send` on a thread of its own (not libdispatch's pool, whose first thread starts a
  /// timer that wakes the process every second for good).
  public static func send(_ send: @escaping @Sendable () -> Void) {
    group.enter()
    Thread.detachNewThread {
      defer { group.leave() }
      send()
    }
  }

  /// Waits until every request sent so far has gone out, at most `timeout` (the process
  /// waits for them before it exits, once the terminal is restored); false if some have not.
  @discardableResult
  public static func waitUntilSent(timeout: Duration) -> Bool {
    group.wait(timeout: .now() + timeout / .seconds(1)) == .success
  }
}
