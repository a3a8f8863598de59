import Glibc

/// A signal a thread waiting in `poll` wakes on the moment it is given (a pipe, a byte in it):
/// waits for a socket or a deadline that another thread must be able to end at once — a
/// reconnection stopped at exit, a listener stopped, a statement cancelled — without waking
/// on an interval to look whether it should stop.
public final class WakeSignal: Sendable {
  /// The descriptor to poll for reading alongside what else is waited on.
  public let descriptor: Int32
  private let writeEnd: Int32

  public init() {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends where end >= 0 {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    descriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Wakes every wait on the signal, now and later (until `clear`).
  public func signal() {
    var one: UInt8 = 1
    _ = write(writeEnd, &one, 1)
  }

  /// Whether the signal was given (and not cleared since).
  public var isSignaled: Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0
  }

  /// Takes the signal back: later waits sleep again.
  public func clear() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &bytes, bytes.count) > 0 {}
  }

  /// What ended a `wait`.
  public enum Wake: Equatable, Sendable {
    case signaled
    /// The socket is ready (or failed: the caller's next read says so).
    case ready
    case timedOut
  }

  /// Waits for the signal, for `socket` to be ready for `events`, or for `timeout` (nil:
  /// no end) — whichever comes first.
  public func wait(socket: Int32? = nil, events: Int16 = Int16(POLLIN), timeout: Duration? = nil) -> Wake {
    var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    if let socket { entries.append(pollfd(fd: socket, events: events, revents: 0)) }
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let left = deadline - clock.now
        guard left > .zero else { return .timedOut }
        milliseconds = Int32(min(Double(Int32.max), (left / .milliseconds(1)).rounded(.up)))
      }
      let ready = poll(&entries, nfds_t(entries.count), milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .ready
      }
      if entries[0].revents != 0 { return .signaled }
      if entries.count > 1, entries[1].revents != 0 { return .ready }
      if ready == 0 { return .timedOut }
    }
  }
}
