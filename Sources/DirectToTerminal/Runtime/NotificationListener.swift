import Access
import Dispatch
import Foundation

/// Listens on the PostgreSQL channels the `notifyChannels` rule names (channels the
/// database's own triggers `NOTIFY` on) with a connection of its own, on a thread of its
/// own: each notification makes the visible panes fetch again at once, even panes that
/// polling cannot follow (views). Nothing on SQLite.
///
/// The thread sleeps in `poll` on the connection's socket and a `WakeSignal` together, with
/// no timeout: idle, it costs nothing. When the connection is lost (a restart, a failover,
/// a dropped database) it reconnects and listens again, waiting between attempts (0.5 s
/// doubling to 5 s), instead of spinning on a socket that stays readable; `stop` ends every
/// wait at once, and so does the listener's going away (an app dropped without `shutDown`,
/// as tests drop theirs): no thread is left reconnecting to a database that was dropped
/// while the process exits.
final class NotificationListener: Sendable {
  private let stopSignal = WakeSignal()

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
    Thread.detachNewThread { [stopSignal] in
      ThreadName.set("d2t-listen")
      Self.listen(on: database, channels: channels, stop: stopSignal, notify: notify)
      database.close()
    }
  }

  deinit { stop() }

  private static func listen(
    on database: Database, channels: [String], stop: WakeSignal, notify: @escaping @Sendable ([String]) -> Void
  ) {
    var backoff = Duration.milliseconds(500)
    var socket = Self.socket(of: database)
    while true {
      if let socket {
        guard stop.wait(socket: socket) != .signaled else { return }
        do {
          let received = try database.notifications()
          backoff = .milliseconds(500)
          if !received.isEmpty { notify(Array(Set(received.map(\.channel))).sorted()) }
          continue
        } catch {
          // Lost: wait, then connect again and listen again (a new socket).
        }
      }
      guard stop.wait(timeout: backoff) != .signaled else { return }
      backoff = min(backoff * 2, .seconds(5))
      do {
        try database.reconnect(stop: stop)
        for channel in channels { try database.listen(channel) }
        socket = Self.socket(of: database)
      } catch {
        socket = nil
      }
    }
  }

  private static func socket(of database: Database) -> Int32? {
    (try? database.withChannel { ($0 as? any NotificationChannel)?.socketDescriptor }) ?? nil
  }

  func stop() {
    stopSignal.signal()
  }
}
