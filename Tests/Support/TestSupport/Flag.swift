import Foundation

/// A boolean shared with a background thread (a canceller that repeats until the statement
/// it cancels has returned).
public final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = false

  public init() {}

  public var value: Bool {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// On a background thread, `cancel` after `delay` and again every `interval` until the
  /// flag is set (a cancel that comes before its statement starts is not always kept).
  public func cancelUntilSet(
    after delay: TimeInterval = 0.3, every interval: TimeInterval = 0.2, _ cancel: @escaping @Sendable () -> Void
  ) {
    DispatchQueue.global().async {
      Thread.sleep(forTimeInterval: delay)
      while !self.value {
        cancel()
        Thread.sleep(forTimeInterval: interval)
      }
    }
  }
}
