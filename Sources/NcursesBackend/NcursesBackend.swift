import CNcursesw
import Foundation
import Glibc
import TerminalCore

/// The terminal backend: ncursesw on the process's terminal. The only module that
/// imports ncurses.
///
/// Opening it checks that stdin and stdout are terminals and `TERM` is usable, sets a
/// UTF-8 locale, installs the signal handlers (`SignalTrap`, `CrashRestore`), and starts ncurses with
/// `newterm` (alternate screen, no echo, keypad, 25 ms Escape delay, mouse, bracketed
/// paste). `close()` — also called by `withTerminal` on every exit path — restores the
/// terminal exactly.
///
/// ```swift
/// try NcursesBackend.withTerminal { backend in
///   var program = MyProgram()
///   try program.run(on: Terminal(backend: backend))
/// }
/// ```
public final class NcursesBackend: TerminalBackend {
  /// Options for opening the terminal.
  public struct Options: Sendable {
    /// Report mouse clicks and wheel turns (the terminal's own selection then needs Shift).
    public var mouse: Bool
    /// Ask the terminal for bracketed paste.
    public var bracketedPaste: Bool
    /// Environment consulted for `TERM`, `COLORTERM` and `NO_COLOR`.
    public var environment: [String: String]
    /// Ctrl-C arrives as a key (`KeyEvent.ctrl("c")`) instead of the terminal sending
    /// SIGINT, so that the program decides what it means (a SIGINT sent otherwise, by
    /// `kill`, still ends it).
    public var interruptIsKey: Bool

    /// Creates options.
    public init(
      mouse: Bool = true, bracketedPaste: Bool = true,
      environment: [String: String] = ProcessInfo.processInfo.environment, interruptIsKey: Bool = false
    ) {
      self.mouse = mouse
      self.bracketedPaste = bracketedPaste
      self.environment = environment
      self.interruptIsKey = interruptIsKey
    }
  }

  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private var colorPairs: ColorPairs
  private var decoder = InputDecoder()
  private var signals: SignalTrap?
  private let wakePipe: WakePipe
  private let options: Options
  private let isInteractive: Bool
  private var isOpen = true
  private var emptyReads = 0
  private var inputDrained = false

  /// The colours the terminal shows (`.monochrome` under `NO_COLOR`).
  public let colorDepth: ColorDepth
  /// The user's locale is not UTF-8: cells are drawn with ASCII stand-ins (`+-|`).
  public let asciiOnly: Bool
  /// Wakes `readEvents` from another thread.
  public let wakeHandle: WakeHandle

  /// Opens the terminal on stdin/stdout. Throws `TerminalError.unsupported` with a clear
  /// reason when stdin or stdout is not a terminal or `TERM` is missing, `dumb` or unknown.
  public convenience init(options: Options = Options()) throws {
    guard isatty(0) == 1, isatty(1) == 1 else {
      throw TerminalError.unsupported(
        "d2t needs an interactive terminal: stdin and stdout must be a tty (use --headless for scripts)"
      )
    }
    let term = options.environment["TERM"] ?? ""
    guard !term.isEmpty else {
      throw TerminalError.unsupported(
        "TERM is not set; set it to your terminal type, e.g. TERM=xterm-256color")
    }
    guard term != "dumb" else {
      throw TerminalError.unsupported(
        "TERM=dumb cannot show a full-screen interface; use e.g. TERM=xterm-256color")
    }
    try self.init(
      term: nil, input: fdopen(0, "r"), output: fdopen(1, "w"), options: options, interactive: true)
  }

  /// Opens ncurses on arbitrary streams: `term` nil means `$TERM`. A non-interactive
  /// backend installs no signal handlers and no terminal modes (used by the smoke test
  /// with /dev/null).
  init(
    term: String?, input: UnsafeMutablePointer<FILE>?, output: UnsafeMutablePointer<FILE>?,
    options: Options, interactive: Bool
  ) throws {
    guard let input, let output else {
      throw TerminalError.unsupported("cannot open the terminal streams")
    }
    NcursesBackend.setUTF8Locale()
    asciiOnly = !AsciiFallback.localeIsUTF8(ProcessInfo.processInfo.environment)
    let pipe = try WakePipe()
    if interactive { CrashRestore.saveModes() }
    signals = interactive ? SignalTrap(wakeFD: pipe.writeFD) : nil
    let created =
      term.map { name in name.withCString { newterm($0, output, input) } }
      ?? newterm(nil, output, input)
    guard let created, let window = nc_stdscr() else {
      signals?.restore()
      pipe.close()
      let name = term ?? options.environment["TERM"] ?? ""
      throw TerminalError.unsupported("unknown terminal type TERM=\(name) (no terminfo entry)")
    }
    screen = created
    self.window = window
    wakePipe = pipe
    wakeHandle = WakeHandle(fd: pipe.writeFD)
    self.options = options
    isInteractive = interactive
    if interactive {
      cbreak()
      NcursesBackend.disableFlowControl(interrupt: options.interruptIsKey)
    }
    noecho()
    keypad(window, true)
    NcursesBackend.defineNormalModeCursorKeys()
    nodelay(window, true)
    set_escdelay(25)
    curs_set(0)
    var depth = ColorDepth.monochrome
    if has_colors() {
      start_color()
      use_default_colors()
      depth = ColorDepth.detect(colors: Int(nc_colors()), environment: options.environment)
    }
    colorDepth = depth
    colorPairs = ColorPairs(depth: depth, colors: Int(nc_colors()), limit: nc_color_pairs())
    if interactive && options.mouse {
      mousemask(NC_ALL_MOUSE_EVENTS, nil)
      mouseinterval(0)
    }
    if interactive && options.bracketedPaste { NcursesBackend.writeRaw("\u{1B}[?2004h") }
    if interactive { CrashRestore.arm(mouse: options.mouse, bracketedPaste: options.bracketedPaste) }
  }

  deinit {
    close()
  }

  /// Opens the terminal, runs `body`, and restores the terminal however `body` ends.
  public static func withTerminal<T>(
    options: Options = Options(), _ body: (NcursesBackend) throws -> T
  ) throws -> T {
    let backend = try NcursesBackend(options: options)
    defer { backend.close() }
    return try body(backend)
  }

  /// Restores the terminal (leaves the alternate screen, restores modes and signal
  /// handlers). Safe to call more than once.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    if isInteractive {
      if options.bracketedPaste { NcursesBackend.writeRaw("\u{1B}[?2004l") }
      if options.mouse { mousemask(0, nil) }
    }
    curs_set(1)
    endwin()
    if isInteractive { NcursesBackend.writeRaw(CrashRestore.cursorVisible) }
    delscreen(screen)
    if isInteractive { CrashRestore.disarm() }
    signals?.restore()
    wakePipe.close()
  }

  /// The screen size.
  public var size: Size {
    Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
  }

  public func draw(_ changes: [CellChange]) {
    var text = [wchar_t](repeating: 0, count: DisplayWidth.maxScalarsPerCell + 1)
    // Neighbouring cells mostly share a style: its pair and attributes are looked up once.
    var lastStyle: Style?
    var pair: Int32 = 0
    var attributes: attr_t = 0
    for change in changes {
      var count = 0
      let cellText = asciiOnly ? AsciiFallback.cell(change.cell.text) : change.cell.text
      for scalar in cellText.unicodeScalars.prefix(DisplayWidth.maxScalarsPerCell) {
        text[count] = wchar_t(bitPattern: scalar.value)
        count += 1
      }
      if count == 0 {
        text[0] = 32
        count = 1
      }
      text[count] = 0
      let style = change.cell.style
      if style != lastStyle {
        pair = colorPairs.pair(for: style)
        attributes = ColorPairs.attributes(style.attributes)
        lastStyle = style
      }
      _ = nc_put_cell(window, Int32(change.position.y), Int32(change.position.x), text, attributes, pair)
      // A double-width character's stand-in is one column: the second (which the diff never
      // sends) gets a `?` too, or it kept what an earlier frame had there.
      if asciiOnly, change.cell.width == 2 {
        text[0] = 63
        text[1] = 0
        _ = nc_put_cell(window, Int32(change.position.y), Int32(change.position.x + 1), text, attributes, pair)
      }
    }
  }

  public func setCursor(_ position: Point?) {
    if let position {
      curs_set(1)
      wmove(window, Int32(position.y), Int32(position.x))
    } else {
      curs_set(0)
    }
  }

  public func clear() {
    werase(window)
  }

  public func flush() {
    wnoutrefresh(window)
    doupdate()
  }

  /// Waits in `poll` for the terminal, the wake pipe or a signal, then reads everything
  /// available. Returns `[]` after a wake-up or timeout; throws `interrupted` after
  /// SIGINT/SIGTERM/SIGHUP and `endOfInput` when the terminal hangs up.
  public func readEvents(timeout: Duration?) throws -> [InputEvent] {
    if let signal = signals?.received { throw TerminalError.interrupted(signal: signal) }
    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds =
      timeout.map { duration -> Int32 in
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      } ?? -1
    let ready = poll(&fds, 2, milliseconds)
    let pollErrno = errno
    if let signal = signals?.received { throw TerminalError.interrupted(signal: signal) }
    if ready < 0 && pollErrno != EINTR { throw TerminalError.endOfInput }
    if fds[1].revents != 0 { wakePipe.drain() }
    let inputFlags = Int32(fds[0].revents)
    let interrupted = ready < 0
    guard interrupted || inputFlags != 0 else { return [] }
    let raw = readAvailable()
    var events = decoder.decode(raw)
    if decoder.isInPaste && inputDrained { events += PasteReader.read(into: &decoder) }
    if raw.isEmpty && inputFlags & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
      throw TerminalError.endOfInput
    }
    if raw.isEmpty && inputFlags & Int32(POLLIN) != 0 {
      emptyReads += 1
      if emptyReads >= 50 { throw TerminalError.endOfInput }
    } else {
      emptyReads = 0
    }
    return events
  }

  /// Everything `wget_wch` has without waiting (at most 4096 inputs), up to the start of
  /// a bracketed paste; `inputDrained` says whether ncurses holds no more.
  private func readAvailable() -> [RawInput] {
    var inputs: [RawInput] = []
    var character: wint_t = 0
    inputDrained = false
    while inputs.count < 4096 {
      let result = wget_wch(window, &character)
      if result == ERR {
        inputDrained = true
        break
      }
      if result == KEY_CODE_YES {
        switch Int32(character) {
        case KEY_RESIZE: inputs.append(.resize(size))
        case KEY_MOUSE:
          var event = MEVENT()
          if getmouse(&event) == OK,
            let mouse = InputDecoder.mouseEvent(
              mask: UInt(event.bstate), at: Point(x: Int(event.x), y: Int(event.y)))
          {
            inputs.append(.mouse(mouse))
          }
        default: inputs.append(.keyCode(Int32(character)))
        }
      } else {
        inputs.append(.character(character))
        if character == 126 && NcursesBackend.endsWithPasteStart(inputs) {
          // ncurses holds nothing more now: the paste is read in bulk (`PasteReader`).
          inputDrained = true
          break
        }
      }
    }
    return inputs
  }

  /// Whether the inputs end with the bracketed-paste start `ESC [ 2 0 0 ~`.
  static func endsWithPasteStart(_ inputs: [RawInput]) -> Bool {
    let marker = InputDecoder.pasteStart
    guard inputs.count >= marker.count else { return false }
    for (input, expected) in zip(inputs.suffix(marker.count), marker) {
      guard case .character(let c) = input, c == expected else { return false }
    }
    return true
  }

  /// Uses the environment's character set (`LC_CTYPE`), or C.UTF-8 when it is not UTF-8:
  /// ncursesw drops every non-ASCII character otherwise. Only that category: the others
  /// would load a dozen files at every start, and change what the C library and libpq
  /// write (messages in the user's language among d2t's English, decimal commas).
  @discardableResult
  static func setUTF8Locale() -> Bool {
    setlocale(LC_CTYPE, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    return codeset == "UTF-8"
  }

  /// The cursor keys as a terminal sends them before the keypad mode d2t asks for is on
  /// (`ESC [ A`, not terminfo's `ESC O A`): keys typed while d2t starts, or on a terminal
  /// that ignores the mode, would reach the app as Esc and letters. A sequence the
  /// terminal's entry already binds keeps its key.
  static func defineNormalModeCursorKeys() {
    let keys: [(String, Int32)] = [
      ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
      ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
    ]
    for (sequence, key) in keys where key_defined(sequence) == 0 {
      define_key(sequence, key)
    }
  }

  /// Turns off XON/XOFF so Ctrl-S and Ctrl-Q reach the program, and with `interrupt` the
  /// terminal's interrupt character so that Ctrl-C does too; `endwin` restores the saved
  /// shell mode.
  static func disableFlowControl(interrupt: Bool = false) {
    var modes = termios()
    guard tcgetattr(0, &modes) == 0 else { return }
    modes.c_iflag &= ~tcflag_t(IXON)
    // `_POSIX_VDISABLE` (0) in the VINTR slot: no character interrupts.
    if interrupt { withUnsafeMutableBytes(of: &modes.c_cc) { $0[Int(VINTR)] = 0 } }
    _ = tcsetattr(0, TCSANOW, &modes)
    def_prog_mode()
  }

  /// Writes control sequences straight to the terminal (stdout).
  static func writeRaw(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(1, &bytes, bytes.count)
  }
}

extension NcursesBackend {
  /// Sets the screen size ncurses assumes (for a terminal without a window size, such as
  /// /dev/null in tests).
  func resize(to size: Size) {
    resizeterm(Int32(size.height), Int32(size.width))
  }

  /// The screen as ncurses holds it, one string per row (wide characters once).
  func screenLines() -> [String] {
    let size = self.size
    var text = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    return (0..<size.height).map { y in
      var line = ""
      var x = 0
      while x < size.width {
        text = text.map { _ in 0 }
        _ = nc_read_cell(window, Int32(y), Int32(x), &text)
        let scalars = text.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        var cluster = ""
        cluster.unicodeScalars.append(contentsOf: scalars)
        line += cluster
        x += max(1, cluster.displayWidth)
      }
      return line
    }
  }
}
