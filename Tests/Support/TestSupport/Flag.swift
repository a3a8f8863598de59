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
}
