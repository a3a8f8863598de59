import Foundation

/// A progress line on standard error (`d2t export`, `d2t import`), redrawn at most ten times
/// a second: `show` is given the line for the time elapsed since the first call.
final class ProgressLine {
  private let clock = ContinuousClock()
  private var start: ContinuousClock.Instant?
  private var lastDraw: ContinuousClock.Instant?
  private var line: ((Duration) -> String)?

  func show(_ line: @escaping (Duration) -> String) {
    self.line = line
    let now = clock.now
    if start == nil { start = now }
    if let lastDraw, now - lastDraw < .milliseconds(100) { return }
    lastDraw = now
    draw()
  }

  /// The last state drawn once more and kept (`keeping`), or the line cleared.
  func finish(keeping: Bool) {
    if keeping {
      draw()
      StandardError.write("\n")
    } else if line != nil {
      StandardError.write("\r\u{1B}[K")
    }
  }

  private func draw() {
    guard let line, let start else { return }
    StandardError.write("\r\u{1B}[K" + line(clock.now - start))
  }
}
