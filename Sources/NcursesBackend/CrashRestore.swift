import CNcursesw
import Glibc
import Synchronization

/// Puts the terminal back when d2t crashes (SIGSEGV, SIGBUS, SIGILL — Swift's runtime
/// traps —, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) while the full-screen interface is up.
///
/// The handler is async-signal-safe: it only writes escape sequences prepared in advance
/// (bracketed paste and mouse off, keypad off, attributes reset, leave the alternate
/// screen, cursor visible), applies the terminal modes saved before ncurses started with
/// `tcsetattr`, then re-raises the signal with its default action, so the exit status is
/// the crash's. It replaces the Swift runtime's backtracer while the terminal is open (the
/// backtracer would print over the screen and, on a terminal, wait 30 s for a key); once
/// the terminal is closed the previous handlers are back. It runs on an alternate signal
/// stack, so a stack overflow on the main thread is caught too.
enum CrashRestore {
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]
  /// The alternate signal stack's size (glibc's SIGSTKSZ is no longer a constant).
  static let alternateStackSize = 128 * 1024

  /// Whether the handler still has to restore the terminal.
  private static let armed = Atomic<Bool>(false)
  /// Filled by `arm` before `armed` is set; read only by the handler.
  nonisolated(unsafe) private static var modes = termios()
  nonisolated(unsafe) private static var hasModes = false
  nonisolated(unsafe) private static var reset: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
  nonisolated(unsafe) private static var message: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
  nonisolated(unsafe) private static var alternateStack: UnsafeMutableRawPointer?
  nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
  /// terminfo's `cnorm`, which `NcursesBackend.close()` also sends after `endwin`.
  nonisolated(unsafe) static var cursorVisible = "\u{1B}[?25h"

  /// Remembers the terminal modes as the shell left them (before ncurses changes them).
  static func saveModes() {
    hasModes = tcgetattr(0, &modes) == 0
  }

  /// Prepares the reset sequence from terminfo (after `newterm`) and installs the handlers.
  static func arm(mouse: Bool, bracketedPaste: Bool) {
    var text = ""
    if bracketedPaste { text += "\u{1B}[?2004l" }
    if mouse { text += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l" }
    for (name, fallback) in [("rmkx", "\u{1B}[?1l\u{1B}>"), ("sgr0", "\u{1B}[0m"), ("rmcup", "\u{1B}[?1049l")] {
      text += capability(name) ?? fallback
    }
    // After leaving the alternate screen: leaving it may bring back the cursor mode saved
    // on entering it (tmux does).
    cursorVisible = capability("cnorm") ?? "\u{1B}[?25h"
    text += cursorVisible
    text += "\r\n"
    reset.deallocate()
    message.deallocate()
    reset = copy(text)
    message = copy("d2t crashed; the terminal was restored. A log may say more (D2T_LOG_FILE).\n")
    if alternateStack == nil, let stack = malloc(alternateStackSize) {
      alternateStack = stack
      var description = stack_t(ss_sp: stack, ss_flags: 0, ss_size: alternateStackSize)
      sigaltstack(&description, nil)
    }
    armed.store(true, ordering: .sequentiallyConsistent)
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        CrashRestore.restoreTerminal()
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&fallback.sa_mask)
        sigaction(signal, &fallback, nil)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_ONSTACK)
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
  }

  /// Writes the reset sequence and the saved modes, once (async-signal-safe).
  static func restoreTerminal() {
    guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
    if let base = reset.baseAddress { _ = write(1, base, reset.count) }
    if hasModes { _ = tcsetattr(0, TCSANOW, &modes) }
    if let base = message.baseAddress { _ = write(2, base, message.count) }
  }

  /// Puts the previous handlers (the Swift runtime's) back; the terminal is restored by
  /// ncurses from here on.
  static func disarm() {
    armed.store(false, ordering: .sequentiallyConsistent)
    for (signal, old) in previous {
      var action = old
      sigaction(signal, &action, nil)
    }
    previous.removeAll()
  }

  private static func capability(_ name: String) -> String? {
    guard let value = name.withCString({ tigetstr($0) }),
      Int(bitPattern: value) != -1, Int(bitPattern: value) != 0
    else { return nil }
    return String(cString: value)
  }

  private static func copy(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }
}
