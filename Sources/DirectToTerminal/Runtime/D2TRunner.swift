import Foundation
import TerminalCore

/// Runs a `D2TApp` on a terminal, or headless for scripts and tests.
public enum D2TRunner {
  /// The event loop: draw, wait for input or a database result, update, draw what changed.
  /// Returns when the user quits or input ends; a signal is thrown as
  /// `TerminalError.interrupted` after the loop stops (the caller restores the terminal).
  /// Running statements are cancelled on the way out. `afterFirstFrame` runs once the first
  /// frame is on screen: work the first screen does not show (the caller's bookkeeping)
  /// waits for it. The start's trace (`StartupTrace`) notes the first frame and the first
  /// frame with a database result in it.
  public static func run(
    _ app: inout D2TApp, on backend: any TerminalBackend, wake: (@Sendable () -> Void)? = nil,
    afterFirstFrame: () -> Void = {}
  ) throws {
    try run(&app, on: Terminal(backend: backend), wake: wake, afterFirstFrame: afterFirstFrame)
  }

  /// The same on a terminal the caller already drew on (a connecting screen, a picker):
  /// the first frame sends only what differs from theirs. `typedAhead`: input that came
  /// before the app was up (while connecting), taken in after the first frame.
  public static func run(
    _ app: inout D2TApp, on terminal: Terminal, wake: (@Sendable () -> Void)? = nil,
    typedAhead: [InputEvent] = [], afterFirstFrame: () -> Void = {}
  ) throws {
    let backend = terminal.backend
    if let wake { app.setWake(wake) }
    app.setClipboard(backend)
    defer { app.shutDown() }
    app.tick()
    app.setScreenSize(backend.size)
    terminal.draw { app.view(into: &$0) }
    StartupTrace.shared.mark("first frame")
    // A result may be in before the first frame (a fast count): that frame showed it.
    var resultDrawn = app.tookResults
    if resultDrawn { StartupTrace.shared.mark("first result drawn") }
    app.firstFrameDrawn()
    afterFirstFrame()
    if !typedAhead.isEmpty {
      for event in typedAhead where app.update(event) == .quit { return }
      app.setScreenSize(backend.size)
      terminal.draw { app.view(into: &$0) }
    }
    while true {
      let events: [InputEvent]
      do {
        events = try backend.readEvents(timeout: app.idleTimeout)
      } catch TerminalError.endOfInput {
        return
      }
      let changed = events.isEmpty ? app.tick() : true
      // A result can ask to quit too (`q` → Save quits once the save succeeds).
      if app.wantsToQuit { return }
      // Woken with nothing new (a timer whose work found nothing): no frame to draw.
      if !changed { continue }
      for event in app.coalescingTypedText(events) where app.update(event) == .quit { return }
      app.setScreenSize(backend.size)
      terminal.draw { app.view(into: &$0) }
      if !resultDrawn, app.tookResults {
        resultDrawn = true
        StartupTrace.shared.mark("first result drawn")
      }
    }
  }

  /// One step of a headless script: a key, keys sent at once, or a pause.
  public enum ScriptStep: Hashable, Sendable {
    case key(KeyEvent)
    /// Keys typed in one burst: nothing waits for database work between them.
    case burst([KeyEvent])
    /// A mouse click or wheel turn (`click:X,Y`, `wheelup:X,Y`, `wheeldown:X,Y`).
    case mouse(MouseEvent)
    case sleep(Duration)
  }

  /// `click:12,5` and the like as a mouse event.
  static func mouseEvent(_ token: Substring) -> MouseEvent? {
    let parts = token.split(separator: ":")
    guard parts.count == 2 else { return nil }
    let numbers = parts[1].split(separator: ",").compactMap { Int($0) }
    guard numbers.count == 2 else { return nil }
    let point = Point(x: numbers[0], y: numbers[1])
    switch parts[0] {
    case "click": return MouseEvent(.press(.left), at: point)
    case "wheelup": return MouseEvent(.wheelUp, at: point)
    case "wheeldown": return MouseEvent(.wheelDown, at: point)
    default: return nil
    }
  }

  /// Parses `--keys`: tmux send-keys names (`Enter`, `C-x`, `F5`, …), `sleep:MS`, keys
  /// between `{` and `}` sent in one burst, `click:X,Y` / `wheelup:X,Y` / `wheeldown:X,Y`,
  /// and any other token as literal text.
  public static func script(_ text: String) -> [ScriptStep] {
    var steps: [ScriptStep] = []
    var burst: [KeyEvent]?
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if token == "{" {
        burst = []
      } else if token == "}", let keys = burst {
        steps.append(.burst(keys))
        burst = nil
      } else if token.hasPrefix("sleep:"), let millis = Int(token.dropFirst(6)) {
        steps.append(.sleep(.milliseconds(millis)))
      } else if let mouse = mouseEvent(token) {
        steps.append(.mouse(mouse))
      } else if burst != nil {
        burst?.append(contentsOf: KeyNames.parse(token: String(token)))
      } else {
        steps += KeyNames.parse(token: String(token)).map(ScriptStep.key)
      }
    }
    if let keys = burst { steps.append(.burst(keys)) }
    return steps
  }

  /// Runs headless at `size`: waits for the first screen's queries, then feeds each step
  /// and waits for its database work before the next; returns the final screen.
  public static func headless(_ app: inout D2TApp, size: Size, script: [ScriptStep]) -> Buffer {
    headless(&app, on: TestBackend(size: size), script: script)
  }

  /// The same on a backend the caller keeps, to read what reached it (`copiedTexts`).
  public static func headless(_ app: inout D2TApp, on backend: TestBackend, script: [ScriptStep]) -> Buffer {
    let size = backend.size
    let terminal = Terminal(backend: backend)
    app.setClipboard(backend)
    app.setScreenSize(size)
    app.firstFrameDrawn()
    app.settle()
    app.setScreenSize(size)
    terminal.draw { app.view(into: &$0) }
    for step in script {
      switch step {
      case .key(let key):
        if app.update(.key(key)) == .quit { return finish(&app, terminal, backend) }
      case .burst(let keys):
        for key in keys where app.update(.key(key)) == .quit { return finish(&app, terminal, backend) }
      case .mouse(let mouse):
        if app.update(.mouse(mouse)) == .quit { return finish(&app, terminal, backend) }
      case .sleep(let duration):
        Thread.sleep(
          forTimeInterval: Double(duration.components.seconds)
            + Double(duration.components.attoseconds) / 1e18)
        app.tick()
      }
      app.settle()
      app.setScreenSize(size)
      terminal.draw { app.view(into: &$0) }
    }
    return backend.buffer
  }

  private static func finish(_ app: inout D2TApp, _ terminal: Terminal, _ backend: TestBackend) -> Buffer {
    app.settle()
    app.setScreenSize(backend.size)
    terminal.draw { app.view(into: &$0) }
    return backend.buffer
  }
}
