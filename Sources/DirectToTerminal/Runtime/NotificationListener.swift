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
/// ends every wait at once.
final class NotificationListener: Sendable {
  private let stopped = Mutex(false)
  private let wake = DispatchSemaphore(value: 0)

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
    Thread.detachNewThread { [self] in
      listen(on: database, channels: channels, notify: notify)
      database.close()
    }
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  private func listen(on database: Database, channels: [String], notify: @escaping @Sendable ([String]) -> Void) {
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
          try database.reconnect { self.isStopped }
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
    stopped.withLock { $0 = true }
    wake.signal()
  }
}
