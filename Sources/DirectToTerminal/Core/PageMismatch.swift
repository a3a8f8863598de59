import Logging
import Synchronization

/// An action, or a state, that reached a page of another type: a bug in a page that embeds
/// another, or in whatever routed the action. Never dropped in silence: it is logged
/// (`d2t.pages`, level error) and handed to the observer a test installs, which fails the
/// test.
public enum PageMismatch {
  /// In a struct: a closure kept directly in a `Mutex` is wrapped twice more by each
  /// `withLock` that reads it (see `DatabaseWorker.Wake`).
  private struct Observer {
    let call: @Sendable (String) -> Void
  }

  private static let observer = Mutex<Observer?>(nil)
  private static let logger = Logger(label: "d2t.pages")

  /// Reports a mismatch.
  public static func report(_ message: String) {
    logger.error("\(message)")
    observer.withLock { $0 }?.call(message)
  }

  /// Calls `handler` with every mismatch from now on (tests fail on one); nil stops.
  public static func observe(_ handler: (@Sendable (String) -> Void)?) {
    observer.withLock { $0 = handler.map(Observer.init) }
  }
}
