import Access
import Foundation
import TerminalCore
import Theming
import Widgets

/// Opens the databases on a background thread while the terminal shows
/// "Connecting to host:port/db…" with a spinner; Esc or Ctrl-C gives up at once. Other
/// input typed meanwhile is kept, in order (`typedAhead`), for the app to take once it is up.
public struct ConnectingScreen {
  /// Esc, Ctrl-C or a termination signal while connecting.
  public struct GaveUp: Error, CustomStringConvertible {
    public var target: String
    public var description: String { "gave up connecting to \(target)" }

    public init(target: String) { self.target = target }
  }

  public var target: String
  public var theme: Theme
  /// Keys, pastes and clicks that came while connecting (`D2TRunner.run(…typedAhead:)`),
  /// after those the caller gives (typed after a password prompt's Enter).
  public var typedAhead: [InputEvent] = []

  public init(target: String, theme: Theme) {
    self.target = target
    self.theme = theme
  }

  /// The app's first frame is on the screen (a preview drawn from a remembered catalog):
  /// "Connecting…" waits a second (most connections are in before; a slow one still says
  /// so, with Esc to give up). Until it shows, Esc is one of the app's keys, kept with the
  /// others (the footer says Esc goes back), and a resize, which that frame cannot follow,
  /// shows "Connecting…" at once.
  public var isOverPreview = false

  /// How long a connection may take before the screen says "Connecting…".
  var quietPeriod: Duration { isOverPreview ? .seconds(1) : .milliseconds(150) }
  /// The spinner's frame time once it shows.
  static let spinnerFrame = Duration.milliseconds(80)

  /// The two connections `open` makes, once it returns; throws `GaveUp` when the user
  /// stops waiting (the connecting thread is left behind; the process is about to exit).
  public mutating func run(
    on terminal: Terminal, wake: (@Sendable () -> Void)? = nil,
    open: @escaping @Sendable () throws -> (Database, PendingDatabase)
  ) throws -> (Database, PendingDatabase) {
    try run(on: terminal, wake: wake, attempt: ConnectionAttempt(open))
  }

  /// The connections of an attempt already under way (started before the terminal was
  /// set up). The attempt wakes the loop (`wake`) the moment it is done, so a 10 ms
  /// connection costs 10 ms, not a poll interval; before the first frame the loop waits
  /// only for input, that wake, or the end of the quiet period, and after it for the
  /// spinner's next frame.
  public mutating func run(
    on terminal: Terminal, wake: (@Sendable () -> Void)? = nil, attempt: ConnectionAttempt
  ) throws -> (Database, PendingDatabase) {
    if let wake { attempt.onDone(wake) }
    let started = ContinuousClock.now
    var tick = 0
    var resized = false
    while true {
      if let result = attempt.result { return try result.get() }
      let elapsed = ContinuousClock.now - started
      if elapsed >= quietPeriod || tick > 0 || resized {
        terminal.draw { draw(tick: tick, into: &$0) }
        tick += 1
      }
      let timeout = tick == 0 ? max(.zero, quietPeriod - elapsed) : Self.spinnerFrame
      let events: [InputEvent]
      do {
        events = try terminal.backend.readEvents(timeout: wake == nil ? min(timeout, Self.spinnerFrame) : timeout)
      } catch TerminalError.interrupted {
        throw GaveUp(target: target)
      } catch TerminalError.endOfInput {
        throw GaveUp(target: target)
      }
      for event in events {
        if case .key(let key) = event {
          let interrupt = key.key == .character("c") && key.modifiers.contains(.control)
          if interrupt || (key.key == .escape && (!isOverPreview || tick > 0)) { throw GaveUp(target: target) }
        }
        if case .resize = event {
          if isOverPreview && tick == 0 { resized = true }
          continue
        }
        typedAhead.append(event)
      }
    }
  }

  private func draw(tick: Int, into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    let label = "Connecting to \(target)…"
    let width = min(area.width, label.count + 2)
    let y = area.y + area.height / 2 - 1
    let x = area.x + max(0, (area.width - width) / 2)
    Spinner(tick: tick, label: label, theme: theme).render(
      in: Rect(x: x, y: y, width: area.width - x, height: 1), buffer: &buffer)
    buffer.setString("Esc: give up", x: x + 2, y: y + 2, width: area.width - x - 2, style: theme[.muted])
  }
}
