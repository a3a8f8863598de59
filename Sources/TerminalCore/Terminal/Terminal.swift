/// Double-buffered drawing on a backend: `draw` gives a blank buffer of the screen's size
/// to a closure, then sends only the cells that differ from the previous frame.
///
/// ```swift
/// let terminal = Terminal(backend: backend)
/// try terminal.draw { buffer in
///   buffer.setString("Hello", x: 0, y: 0)
/// }
/// ```
public final class Terminal {
  /// The screen this terminal draws on.
  public let backend: any TerminalBackend
  private var previous: Buffer
  private var current: Buffer
  private var needsFullRedraw = true

  /// Statistics of the last `draw`.
  public private(set) var lastFrame = FrameStats(changedCells: 0, size: .zero)

  /// Changes go to the backend in runs of this many (a full screen at once took 480 KB).
  static let changesPerRun = 1024

  /// Creates a terminal drawing on `backend`.
  public init(backend: any TerminalBackend) {
    self.backend = backend
    let area = Rect(size: backend.size)
    previous = Buffer(area: area)
    current = Buffer(area: area)
  }

  /// The last frame drawn.
  public var lastBuffer: Buffer { previous }

  /// Forces the next `draw` to repaint every cell (e.g. after the screen was disturbed).
  public func invalidate() {
    needsFullRedraw = true
  }

  /// Draws one frame: `body` fills a blank buffer covering the screen (and may set its
  /// `cursor`), then the changed cells are sent to the backend and flushed. The buffer
  /// follows the backend's size, so a resize needs no extra call.
  public func draw(_ body: (inout Buffer) throws -> Void) rethrows {
    let area = Rect(size: backend.size)
    if area != current.area {
      current.resize(to: area)
      previous.resize(to: area)
      needsFullRedraw = true
    } else {
      current.reset()
    }
    try body(&current)
    if needsFullRedraw { backend.clear() }
    var changed = 0
    current.diff(from: needsFullRedraw ? Buffer(area: .zero) : previous, inRunsOf: Self.changesPerRun) {
      backend.draw($0)
      changed += $0.count
    }
    needsFullRedraw = false
    backend.setCursor(current.cursor)
    backend.flush()
    lastFrame = FrameStats(changedCells: changed, size: area.size)
    swap(&previous, &current)
  }
}

/// What one frame cost.
public struct FrameStats: Hashable, Sendable {
  /// Cells sent to the backend.
  public var changedCells: Int
  /// The screen size.
  public var size: Size
}
