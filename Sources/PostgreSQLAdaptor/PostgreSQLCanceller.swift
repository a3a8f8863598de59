import Access
import CLibPQ
import Synchronization

/// Cancels the running statement of one connection (`PQcancel`), from any thread; does
/// nothing once the connection is closed.
final class PostgreSQLCanceller: QueryCanceller {
  private struct Handle: @unchecked Sendable {
    let cancel: OpaquePointer
  }

  private let handle: Mutex<Handle?>

  init(connection: OpaquePointer) {
    handle = Mutex(PQgetCancel(connection).map(Handle.init))
  }

  func cancel() {
    handle.withLock { handle in
      guard let cancel = handle?.cancel else { return }
      var buffer = [CChar](repeating: 0, count: 256)
      _ = PQcancel(cancel, &buffer, Int32(buffer.count))
    }
  }

  /// Frees the cancel object before the connection is closed.
  func detach() {
    handle.withLock { handle in
      if let cancel = handle?.cancel { PQfreeCancel(cancel) }
      handle = nil
    }
  }
}
