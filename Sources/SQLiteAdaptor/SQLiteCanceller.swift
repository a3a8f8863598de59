import Access
import CSQLite3
import Foundation
import Synchronization

/// Interrupts the running statement of one connection (`sqlite3_interrupt`), from any
/// thread; does nothing once the connection is closed.
///
/// It is also the connection's busy handler: a statement that finds the file locked by
/// another client waits for it (up to `lockTimeout`, as `sqlite3_busy_timeout` would), but
/// a cancel ends the wait at once, so Esc on a save stuck behind `BEGIN EXCLUSIVE` is
/// answered without waiting for the lock.
final class SQLiteCanceller: QueryCanceller {
  private struct Handle: @unchecked Sendable {
    let db: OpaquePointer
  }

  /// How long a statement waits for another client's lock in all.
  static let lockTimeout = Duration.seconds(5)
  /// The waits between tries for the lock, as SQLite's own busy handler spaces them.
  private static let delays: [Int] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

  private let handle: Mutex<Handle?>
  /// Set by `cancel`, cleared by `reset` (before the next job); wakes a lock wait.
  private let condition = NSCondition()
  private nonisolated(unsafe) var isCancelled = false

  init(db: OpaquePointer) {
    handle = Mutex(Handle(db: db))
  }

  func cancel() {
    condition.lock()
    isCancelled = true
    condition.broadcast()
    condition.unlock()
    handle.withLock { handle in
      if let db = handle?.db { sqlite3_interrupt(db) }
    }
  }

  func reset() {
    condition.lock()
    isCancelled = false
    condition.unlock()
  }

  /// Forgets the connection before it is closed.
  func detach() {
    handle.withLock { $0 = nil }
  }

  /// Installs the lock wait as `db`'s busy handler (the canceller outlives the handle).
  func installBusyHandler(on db: OpaquePointer) {
    sqlite3_busy_handler(
      db,
      { context, attempt in
        guard let context else { return 0 }
        let canceller = Unmanaged<SQLiteCanceller>.fromOpaque(context).takeUnretainedValue()
        return canceller.waitForLock(attempt: Int(attempt)) ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Waits before try `attempt` for a lock; false when the wait is over (the time is up, or
  /// the statement was cancelled: SQLite then fails it with `SQLITE_BUSY`, and the error
  /// says cancelled).
  func waitForLock(attempt: Int) -> Bool {
    let delay = attempt < Self.delays.count ? Self.delays[attempt] : Self.delays[Self.delays.count - 1]
    let spent =
      Self.delays.prefix(attempt).reduce(0, +)
      + max(0, attempt - Self.delays.count) * Self.delays[Self.delays.count - 1]
    let budget = Int(Self.lockTimeout.components.seconds) * 1000
    guard spent < budget else { return false }
    let wait = min(delay, budget - spent)
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date().addingTimeInterval(Double(wait) / 1000)
    while !isCancelled, condition.wait(until: deadline) {}
    return !isCancelled
  }

  /// Whether a cancel came since the last `reset` (a lock wait it ended reads as cancelled).
  var wasCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isCancelled
  }
}
