import Access
import CSQLite3
import Synchronization

/// Interrupts the running statement of one connection (`sqlite3_interrupt`), from any
/// thread; does nothing once the connection is closed.
final class SQLiteCanceller: QueryCanceller {
  private struct Handle: @unchecked Sendable {
    let db: OpaquePointer
  }

  private let handle: Mutex<Handle?>

  init(db: OpaquePointer) {
    handle = Mutex(Handle(db: db))
  }

  func cancel() {
    handle.withLock { handle in
      if let db = handle?.db { sqlite3_interrupt(db) }
    }
  }

  /// Forgets the connection before it is closed.
  func detach() {
    handle.withLock { $0 = nil }
  }
}
