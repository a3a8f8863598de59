import Glibc
import Synchronization

/// The termination signal received (0: none). Written by the signal handler.
let pendingSignal = Atomic<Int32>(0)
/// The write end of the wake pipe, so the handler can interrupt `poll` (-1: none).
let signalWakeFD = Atomic<Int32>(-1)

/// Installs handlers for the signals that end a program (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT, SIGXCPU, SIGXFSZ and the real-time
/// signals SIGRTMIN…SIGRTMAX) that record the signal and wake the
/// event loop, which then closes the terminal and exits with 128 + the signal; ignores
/// those that mean nothing to d2t (SIGPIPE, SIGUSR1, SIGUSR2, SIGIO, SIGPWR), whose
/// default would kill it with the terminal left raw. Handlers are installed without
/// `SA_RESTART` so blocking calls return `EINTR`; the signals and SIGWINCH are unblocked
/// on the calling thread (a parent such as a test runner's worker thread may have left
/// them blocked, which would make the program unkillable). The previous handlers come
/// back on `restore()`. Crashes are `CrashRestore`'s; SIGTSTP/SIGCONT (Ctrl-Z) are
/// ncurses's, which leaves and redraws the screen.
struct SignalTrap {
  static let signals: [Int32] =
    [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT, SIGXCPU, SIGXFSZ,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  static let ignored: [Int32] = [SIGPIPE, SIGUSR1, SIGUSR2, SIGIO, SIGPWR]
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
    for signal in SignalTrap.ignored {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = SIG_IGN
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in SignalTrap.signals + [SIGWINCH, SIGTSTP, SIGCONT] + CrashRestore.signals {
      sigaddset(&unblock, signal)
    }
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
