import Access
import CLibPQ
import Synchronization

/// Cancels the running statement of one connection (`PQcancel`), from any thread; does
/// nothing once the connection is closed.
///
/// The server drops a cancel request that arrives before the statement starts running, so
/// `cancel()` is remembered until the statement ends (or `reset()`): a statement waiting for
/// its result sends it again (`resendIfRequested`) until it stops.
final class PostgreSQLCanceller: QueryCanceller {
  private struct State: @unchecked Sendable {
    var cancel: OpaquePointer?
    var requested = false
    var lastSent: ContinuousClock.Instant?
  }

  private let state: Mutex<State>
  /// Given by `cancel()`: a statement waiting for its result wakes to send it again later.
  let requestedSignal = WakeSignal()
  /// How long a sent cancel may go unanswered before it is sent again.
  static let resendInterval = Duration.milliseconds(200)

  init(connection: OpaquePointer) {
    state = Mutex(State(cancel: PQgetCancel(connection)))
  }

  /// Cancels the running statement, or the next one if none runs yet.
  func cancel() {
    state.withLock { state in
      state.requested = true
      Self.send(&state)
    }
    requestedSignal.signal()
  }

  /// A cancel is requested and the statement has not stopped yet.
  var isRequested: Bool { state.withLock { $0.requested } }

  /// Interrupts the running statement once (the channel stopping a result early).
  func interrupt() {
    state.withLock { Self.send(&$0) }
  }

  /// Forgets a cancel request: the statement it was for has ended.
  func reset() {
    state.withLock { $0.requested = false }
    requestedSignal.clear()
  }

  /// Sends the cancel again when one was requested and the last went unanswered.
  func resendIfRequested() {
    state.withLock { state in
      guard state.requested else { return }
      if let last = state.lastSent, ContinuousClock.now - last < Self.resendInterval { return }
      Self.send(&state)
    }
  }

  private static func send(_ state: inout State) {
    guard let cancel = state.cancel else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = PQcancel(cancel, &buffer, Int32(buffer.count))
    state.lastSent = ContinuousClock.now
  }

  /// Cancels on a re-established connection (a new server process, a new cancel key).
  func attach(_ connection: OpaquePointer) {
    detach()
    state.withLock { $0.cancel = PQgetCancel(connection) }
  }

  /// Frees the cancel object before the connection is closed (or reset).
  func detach() {
    state.withLock { state in
      if let cancel = state.cancel { PQfreeCancel(cancel) }
      state.cancel = nil
    }
  }
}
