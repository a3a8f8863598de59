import Access
import Foundation
import Synchronization

/// Listens on the PostgreSQL channels the `notifyChannels` rule names (channels the
/// database's own triggers `NOTIFY` on) with a connection of its own, on a thread of its
/// own: each notification makes the visible panes fetch again at once, even panes that
/// polling cannot follow (views). Nothing on SQLite.
final class NotificationListener: Sendable {
  private let database: Database
  private let stopped = Mutex(false)

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
    self.database = database
    let socket = try? database.withChannel { ($0 as? any NotificationChannel)?.socketDescriptor }
    Thread.detachNewThread { [self] in
      while !stopped.withLock({ $0 }) {
        if let socket = socket ?? nil {
          var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
          _ = poll(&descriptor, 1, 500)
        } else {
          Thread.sleep(forTimeInterval: 0.5)
        }
        guard !stopped.withLock({ $0 }), let received = try? database.notifications(), !received.isEmpty else {
          continue
        }
        notify(Array(Set(received.map(\.channel))).sorted())
      }
      database.close()
    }
  }

  func stop() {
    stopped.withLock { $0 = true }
  }
}
