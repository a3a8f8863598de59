import Access
import Dispatch
import Foundation
import Synchronization

/// Listens on the PostgreSQL channels the `notifyChannels` rule names (channels the
/// database's own triggers `NOTIFY` on) with a connection of its own, on a thread of its
/// own: each notification makes the visible panes fetch again at once, even panes that
/// polling cannot follow (views). Nothing on SQLite.
///
/// The thread waits on the connection's socket. When the connection is lost (a restart, a
/// failover, a dropped database) it reconnects and listens again, waiting between attempts
/// (0.5 s doubling to 5 s), instead of spinning on a socket that stays readable; `stop`
/// ends every wait at once, and so does the listener's going away (an app dropped without
/// `shutDown`, as tests drop theirs): no thread is left reconnecting to a database that was
/// dropped while the process exits.
final class NotificationListener: Sendable {
  /// What the listening thread keeps (it must not keep the listener, whose end stops it).
  private final class Loop: Sendable {
    let stopped = Mutex(false)
    let wake = DispatchSemaphore(value: 0)
  }

  private let loop = Loop()

  /// Opens the connection and listens; nil when there is nothing to listen to (or it fails:
  /// the panes still follow by polling).
  init?(adaptor: any Adaptor, model: Model, channels: [String], notify: @escaping @Sendable ([String]) -> Void) {
    guard !channels.isEmpty, let database = try? Database(adaptor: adaptor, model: model) else { return nil }
    do {
      for channel in channels { try database.listen(channel) }
    } catch {
      database.close()
      return nil
    }
    Thread.detachNewThread { [loop] in
      Self.listen(on: database, channels: channels, loop: loop, notify: notify)
      database.close()
    }
  }

  deinit { stop() }

  private static func listen(
    on database: Database, channels: [String], loop: Loop, notify: @escaping @Sendable ([String]) -> Void
  ) {
    var isStopped: Bool { loop.stopped.withLock { $0 } }
    let wake = loop.wake
    var backoff = 0.5
    var socket = Self.socket(of: database)
    while !isStopped {
      if let socket {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 500)
      } else {
        _ = wake.wait(timeout: .now() + 0.5)
      }
      guard !isStopped else { return }
      do {
        let received = try database.notifications()
        backoff = 0.5
        if !received.isEmpty { notify(Array(Set(received.map(\.channel))).sorted()) }
      } catch {
        // Lost: wait, then connect again and listen again (a new socket).
        _ = wake.wait(timeout: .now() + backoff)
        backoff = min(backoff * 2, 5)
        guard !isStopped else { return }
        do {
          try database.reconnect { isStopped }
          for channel in channels { try database.listen(channel) }
          socket = Self.socket(of: database)
        } catch {
          socket = nil
        }
      }
    }
  }

  private static func socket(of database: Database) -> Int32? {
    (try? database.withChannel { ($0 as? any NotificationChannel)?.socketDescriptor }) ?? nil
  }

  func stop() {
    loop.stopped.withLock { $0 = true }
    loop.wake.signal()
  }
}
