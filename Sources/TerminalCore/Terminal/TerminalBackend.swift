/// What a `Terminal` needs from a real or simulated screen and keyboard. `NcursesBackend`
/// drives a terminal through ncursesw; `TestBackend` keeps everything in memory.
public protocol TerminalBackend: AnyObject {
  /// The screen size in cells.
  var size: Size { get }
  /// The colours the screen can show (`.monochrome` under `NO_COLOR`).
  var colorDepth: ColorDepth { get }
  /// Draws changed cells (not shown until `flush`).
  func draw(_ changes: [CellChange])
  /// Shows the cursor at a cell, or hides it (nil).
  func setCursor(_ position: Point?)
  /// Clears the whole screen (after a resize, before a full redraw).
  func clear()
  /// Makes everything drawn visible.
  func flush()
  /// Waits for input and returns the events that arrived (possibly none, when woken or
  /// timed out). `timeout` nil waits for ever. Throws `TerminalError.endOfInput` when no
  /// more input can come, and `TerminalError.interrupted` on a termination signal.
  func readEvents(timeout: Duration?) throws -> [InputEvent]
  /// Puts `text` on the system clipboard, as the terminal allows (OSC 52, a local helper).
  /// Optional: the default copies nothing and returns `.none`.
  func copyToClipboard(_ text: String) -> ClipboardCopy
}

/// Why a terminal session stopped or could not start.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input ended (hang-up, closed stdin, or a test backend ran out of events).
  case endOfInput
  /// A signal such as SIGINT, SIGTERM or SIGHUP asked the program to stop.
  case interrupted(signal: Int32)
  /// The terminal cannot be used (not a tty, `TERM` missing, unknown or `dumb`…).
  case unsupported(String)

  public var description: String {
    switch self {
    case .endOfInput: return "input ended"
    case .interrupted(let signal): return "interrupted by signal \(signal)"
    case .unsupported(let reason): return reason
    }
  }

  /// The conventional exit status: 128 + signal for `interrupted`, 2 for `unsupported`,
  /// 0 for `endOfInput`.
  public var exitStatus: Int32 {
    switch self {
    case .endOfInput: return 0
    case .interrupted(let signal): return 128 + signal
    case .unsupported: return 2
    }
  }
}
