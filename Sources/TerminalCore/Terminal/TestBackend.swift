/// An in-memory backend: draws into a `Buffer` you can inspect, and reads events from a
/// queue you fill. Tests and headless runs (`--headless --keys`) use it.
public final class TestBackend: TerminalBackend {
  /// The screen contents after the last flush.
  public private(set) var buffer: Buffer
  /// The cursor after the last flush (nil when hidden).
  public private(set) var cursor: Point?
  /// The colour depth reported to the program.
  public var colorDepth: ColorDepth
  /// Events `readEvents` will return, oldest first.
  public var pendingEvents: [InputEvent] = []
  /// Number of `flush` calls.
  public private(set) var flushCount = 0
  /// Every text `copyToClipboard` was given, oldest first.
  public private(set) var copiedTexts: [String] = []
  /// Cells sent for the last frame (by the `draw` calls before the last `flush`).
  public private(set) var lastChangeCount = 0
  private var stagedChangeCount = 0
  private var staged: Buffer

  /// A backend with a blank screen of `size`.
  public init(size: Size, colorDepth: ColorDepth = .trueColor) {
    buffer = Buffer(size: size)
    staged = buffer
    self.colorDepth = colorDepth
  }

  /// The screen size.
  public var size: Size { buffer.area.size }

  /// Changes the screen size and queues the matching `.resize` event.
  public func resize(to size: Size) {
    staged = Buffer(size: size)
    buffer = staged
    pendingEvents.append(.resize(size))
  }

  /// Queues key events parsed from tmux-style names (see `KeyNames`).
  public func type(_ keys: String) {
    pendingEvents += KeyNames.parse(keys).map(InputEvent.key)
  }

  public func draw(_ changes: [CellChange]) {
    stagedChangeCount += changes.count
    for change in changes {
      staged[change.position.x, change.position.y] = change.cell
      if change.cell.width == 2 {
        staged[change.position.x + 1, change.position.y] = .continuation(change.cell.style)
      }
    }
  }

  public func setCursor(_ position: Point?) {
    staged.cursor = position
  }

  public func clear() {
    staged.reset()
  }

  public func flush() {
    flushCount += 1
    lastChangeCount = stagedChangeCount
    stagedChangeCount = 0
    buffer = staged
    cursor = staged.cursor
  }

  /// Returns the next queued event; throws `endOfInput` when the queue is empty.
  /// Records the text (see `copiedTexts`) as if OSC 52 had been sent.
  public func copyToClipboard(_ text: String) -> ClipboardCopy {
    copiedTexts.append(text)
    return ClipboardCopy(sentOSC52: true, helper: nil)
  }

  public func readEvents(timeout: Duration?) throws -> [InputEvent] {
    guard !pendingEvents.isEmpty else { throw TerminalError.endOfInput }
    return [pendingEvents.removeFirst()]
  }
}
