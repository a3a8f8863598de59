import Foundation
import TerminalCore

/// Runs a `D2TApp` on a terminal, or headless for scripts and tests.
public enum D2TRunner {
  /// The event loop: draw, wait for input or a database result, update, draw what changed.
  /// Returns when the user quits or input ends; a signal is thrown as
  /// `TerminalError.interrupted` after the loop stops (the caller restores the terminal).
  public static func run(
    _ app: inout D2TApp, on backend: any TerminalBackend, wake: (@Sendable () -> Void)? = nil
  ) throws {
    let terminal = Terminal(backend: backend)
    if let wake { app.setWake(wake) }
    terminal.draw { app.view(into: &$0) }
    while true {
      let events: [InputEvent]
      do {
        events = try backend.readEvents(timeout: app.idleTimeout)
      } catch TerminalError.endOfInput {
        return
      }
      if events.isEmpty { app.tick() }
      for event in events where app.update(event) == .quit { return }
      terminal.draw { app.view(into: &$0) }
    }
  }

  /// One step of a headless script: a key, or a pause.
  public enum ScriptStep: Hashable, Sendable {
    case key(KeyEvent)
    case sleep(Duration)
  }

  /// Parses `--keys`: tmux send-keys names (`Enter`, `C-x`, `F5`, …), `sleep:MS`, and any
  /// other token as literal text.
  public static func script(_ text: String) -> [ScriptStep] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).flatMap { token -> [ScriptStep] in
      if token.hasPrefix("sleep:"), let millis = Int(token.dropFirst(6)) {
        return [.sleep(.milliseconds(millis))]
      }
      return KeyNames.parse(token: String(token)).map(ScriptStep.key)
    }
  }

  /// Runs headless at `size`: waits for the first screen's queries, then feeds each step
  /// and waits for its database work before the next; returns the final screen.
  public static func headless(_ app: inout D2TApp, size: Size, script: [ScriptStep]) -> Buffer {
    let backend = TestBackend(size: size)
    let terminal = Terminal(backend: backend)
    app.settle()
    terminal.draw { app.view(into: &$0) }
    for step in script {
      switch step {
      case .key(let key):
        if app.update(.key(key)) == .quit {
          app.settle()
          terminal.draw { app.view(into: &$0) }
          return backend.buffer
        }
      case .sleep(let duration):
        Thread.sleep(forTimeInterval: Double(duration.components.seconds)
          + Double(duration.components.attoseconds) / 1e18)
        app.tick()
      }
      app.settle()
      terminal.draw { app.view(into: &$0) }
    }
    return backend.buffer
  }
}
