import Glibc
import Synchronization

/// The termination signal received (0: none). Written by the signal handler.
let pendingSignal = Atomic<Int32>(0)
/// The write end of the wake pipe, so the handler can interrupt `poll` (-1: none).
let signalWakeFD = Atomic<Int32>(-1)

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that record the signal and wake the
/// event loop, without `SA_RESTART` so blocking calls return `EINTR`, and unblocks those
/// signals and SIGWINCH on the calling thread (a parent such as a test runner's worker
/// thread may have left them blocked, which would make the program unkillable). The
/// previous handlers come back on `restore()`.
struct SignalTrap {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  private var previous: [Int32: sigaction] = [:]

  init(wakeFD: Int32) {
    pendingSignal.store(0, ordering: .relaxed)
    signalWakeFD.store(wakeFD, ordering: .relaxed)
    for signal in SignalTrap.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        pendingSignal.store(signal, ordering: .relaxed)
        let fd = signalWakeFD.load(ordering: .relaxed)
        if fd >= 0 {
          var byte: UInt8 = 1
          _ = write(fd, &byte, 1)
        }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in SignalTrap.signals + [SIGWINCH] { sigaddset(&unblock, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// The signal received so far, if any.
  var received: Int32? {
    let signal = pendingSignal.load(ordering: .relaxed)
    return signal == 0 ? nil : signal
  }

  /// Puts the previous handlers back.
  mutating func restore() {
    signalWakeFD.store(-1, ordering: .relaxed)
    for (signal, old) in previous {
      var action = old
      sigaction(signal, &action, nil)
    }
    previous.removeAll()
  }
}
