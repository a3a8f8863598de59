/// What a program wants after handling an event.
public enum ProgramStep: Hashable, Sendable {
  /// Keep running and redraw.
  case `continue`
  /// Stop the run loop.
  case quit
}

/// An interactive program in the Elm style: state changes only in `update`, and `view`
/// draws the state into a buffer. `run(on:)` drives it on any backend.
public protocol TerminalProgram {
  /// Reacts to one event.
  mutating func update(_ event: InputEvent) -> ProgramStep
  /// Draws the current state. It is `mutating` because stateful widgets keep their
  /// scroll offsets in the state while drawing.
  mutating func view(into buffer: inout Buffer)
}

extension TerminalProgram {
  /// Draws, then reads events and updates until the program quits or input ends (which
  /// also returns normally). A termination signal is thrown as
  /// `TerminalError.interrupted`. `idle` is called whenever `readEvents` returns no event
  /// (a wake-up or a timeout), so background work can be collected. Returns the events
  /// that came after the one that quit (read in the same batch): typed ahead, for what
  /// runs next.
  @discardableResult
  public mutating func run(
    on terminal: Terminal, timeout: Duration? = nil, idle: (inout Self) -> Void = { _ in }
  ) throws -> [InputEvent] {
    terminal.draw { view(into: &$0) }
    while true {
      let events: [InputEvent]
      do {
        events = try terminal.backend.readEvents(timeout: timeout)
      } catch TerminalError.endOfInput {
        return []
      }
      if events.isEmpty { idle(&self) }
      for (index, event) in events.enumerated() where update(event) == .quit {
        return Array(events[(index + 1)...])
      }
      terminal.draw { view(into: &$0) }
    }
  }
}
