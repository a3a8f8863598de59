/// Drives a `TerminalProgram` headlessly with key names, like a user at a keyboard, and
/// shows what the screen looks like afterwards.
///
/// ```swift
/// var pilot = Pilot(DemoProgram(), size: Size(width: 40, height: 10))
/// pilot.press("j j Down Enter")
/// #expect(pilot.screen.line(2).contains("▶"))
/// ```
public struct Pilot<Program: TerminalProgram> {
  /// The program, with its state after the keys pressed so far.
  public var program: Program
  /// The in-memory screen.
  public let backend: TestBackend
  /// The terminal drawing on `backend`.
  public let terminal: Terminal
  /// True once the program asked to quit.
  public private(set) var hasQuit = false

  /// Creates a pilot and draws the first frame.
  public init(_ program: Program, size: Size, colorDepth: ColorDepth = .trueColor) {
    self.program = program
    backend = TestBackend(size: size, colorDepth: colorDepth)
    terminal = Terminal(backend: backend)
    redraw()
  }

  /// The screen after the last frame.
  public var screen: Buffer { backend.buffer }

  /// Sends events one by one, redrawing after each, until the program quits.
  public mutating func send(_ events: [InputEvent]) {
    for event in events where !hasQuit {
      if program.update(event) == .quit {
        hasQuit = true
        return
      }
      redraw()
    }
  }

  private mutating func redraw() {
    var program = self.program
    terminal.draw { program.view(into: &$0) }
    self.program = program
  }

  /// Presses keys given as tmux-style names (`"j j Down C-d q"`, see `KeyNames`).
  public mutating func press(_ keys: String) {
    send(KeyNames.parse(keys).map(InputEvent.key))
  }

  /// Resizes the screen and delivers the `.resize` event.
  public mutating func resize(to size: Size) {
    backend.resize(to: size)
    send(backend.pendingEvents)
    backend.pendingEvents.removeAll()
  }
}
