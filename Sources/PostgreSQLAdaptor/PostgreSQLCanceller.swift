import Access
import CLibPQ
import Synchronization

/// Cancels the running statement of one connection (`PQcancel`), from any thread; does
/// nothing once the connection is closed.
///
/// The server drops a cancel request that arrives before the statement starts running, so
/// `cancel()` is remembered until the statement ends (or `reset()`): a statement waiting for
/// its result sends it again (`resendIfRequested`) until it stops.
///
/// `PQcancel` opens a connection to the server and waits for it to close. `cancel()` (the UI
/// thread) sends through `CancelRequests`, off its thread; the channel's own sends
/// (`interrupt`, `resendIfRequested`) run on the channel's thread. The lock is never held
/// during a send, and the cancel object is freed once the last send using it is over.
final class PostgreSQLCanceller: QueryCanceller {
  /// libpq's cancel object of one connection, freed with its last user.
  private final class Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    init?(_ connection: OpaquePointer) {
      guard let pointer = PQgetCancel(connection) else { return nil }
      self.pointer = pointer
    }

    deinit { PQfreeCancel(pointer) }

    func send() {
      var buffer = [CChar](repeating: 0, count: 256)
      _ = PQcancel(pointer, &buffer, Int32(buffer.count))
    }
  }

  private struct State {
    var handle: Handle?
    var requested = false
    var lastSent: ContinuousClock.Instant?
  }

  private let state: Mutex<State>
  /// Given by `cancel()`: a statement waiting for its result wakes to send it again later.
  let requestedSignal = WakeSignal()
  /// How long a sent cancel may go unanswered before it is sent again.
  static let resendInterval = Duration.milliseconds(200)

  init(connection: OpaquePointer) {
    state = Mutex(State(handle: Handle(connection)))
  }

  /// Cancels the running statement, or the next one if none runs yet; returns at once.
  func cancel() {
    let handle = state.withLock { state in
      state.requested = true
      return Self.claimSend(&state)
    }
    requestedSignal.signal()
    guard let handle else { return }
    CancelRequests.send { [self] in
      // Not sent once the statement ended meanwhile: it would stop the next one.
      guard isRequested else { return }
      handle.send()
    }
  }

  /// A cancel is requested and the statement has not stopped yet.
  var isRequested: Bool { state.withLock { $0.requested } }

  /// Interrupts the running statement once (the channel stopping a result early).
  func interrupt() {
    state.withLock { Self.claimSend(&$0) }?.send()
  }

  /// Forgets a cancel request: the statement it was for has ended.
  func reset() {
    state.withLock { $0.requested = false }
    requestedSignal.clear()
  }

  /// Sends the cancel again when one was requested and the last went unanswered.
  func resendIfRequested() {
    let handle = state.withLock { state -> Handle? in
      guard state.requested else { return nil }
      if let last = state.lastSent, ContinuousClock.now - last < Self.resendInterval { return nil }
      return Self.claimSend(&state)
    }
    handle?.send()
  }

  /// The cancel object to send with, the send noted as made now.
  private static func claimSend(_ state: inout State) -> Handle? {
    guard let handle = state.handle else { return nil }
    state.lastSent = ContinuousClock.now
    return handle
  }

  /// Cancels on a re-established connection (a new server process, a new cancel key).
  func attach(_ connection: OpaquePointer) {
    state.withLock { $0.handle = Handle(connection) }
  }

  /// Lets go of the cancel object before the connection is closed (or reset); a send still
  /// under way keeps it until it is over.
  func detach() {
    state.withLock { $0.handle = nil }
  }
}
