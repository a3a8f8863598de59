import Glibc

/// Wakes the UI thread out of `readEvents` from any thread (e.g. when a database query
/// finished): `readEvents` then returns an empty batch. Valid while its backend is open.
public struct WakeHandle: Sendable {
  let fd: Int32

  /// Wakes the event loop. Safe to call often and from any thread.
  public func wake() {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
  }
}

/// A non-blocking pipe whose read end sits in the event loop's `poll` set.
struct WakePipe {
  let readFD: Int32
  let writeFD: Int32

  init() throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw WakePipeError(errno: errno)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readFD = fds[0]
    writeFD = fds[1]
  }

  /// Empties the pipe.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readFD, &bytes, bytes.count) > 0 {}
  }

  func close() {
    _ = Glibc.close(readFD)
    _ = Glibc.close(writeFD)
  }
}

struct WakePipeError: Error, CustomStringConvertible {
  let errno: Int32
  var description: String { "cannot create the wake-up pipe: \(String(cString: strerror(errno)))" }
}
