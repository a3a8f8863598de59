import Access
import Foundation

/// Opening the connections on a thread of their own (the second may still be opening when
/// it returns), started as early as the target is known (before the settings and the
/// terminal), and waited for by whoever needs them: the connecting screen wakes on
/// `onDone`; a caller without a terminal blocks in `wait`.
public final class ConnectionAttempt: @unchecked Sendable {
  private let condition = NSCondition()
  private var outcome: Result<(Database, PendingDatabase), any Error>?
  private var wake: (@Sendable () -> Void)?
  private var isDiscarded = false

  /// Starts `open` on a new thread.
  public init(_ open: @escaping @Sendable () throws -> (Database, PendingDatabase)) {
    Thread.detachNewThread { [self] in
      ThreadName.set("d2t-connect")
      finish(Result { try open() })
    }
  }

  /// The connections or the error, once `open` has returned.
  public var result: Result<(Database, PendingDatabase), any Error>? {
    condition.lock()
    defer { condition.unlock() }
    return outcome
  }

  /// Calls `wake` once `open` returns (at once if it has): the connecting screen's loop
  /// waits for input or this, never a timer.
  public func onDone(_ wake: @escaping @Sendable () -> Void) {
    condition.lock()
    let done = outcome != nil
    if !done { self.wake = wake }
    condition.unlock()
    if done { wake() }
  }

  /// Blocks until `open` returns; its connections or its error.
  public func wait() throws -> (Database, PendingDatabase) {
    condition.lock()
    while outcome == nil { condition.wait() }
    let result = outcome
    condition.unlock()
    guard let result else { throw CancellationError() }
    return try result.get()
  }

  /// Nobody wants the connections: they are closed when `open` returns (or now).
  public func discard() {
    condition.lock()
    isDiscarded = true
    let result = outcome
    wake = nil
    condition.unlock()
    if case .success(let (first, second)) = result { Self.close(first, second) }
  }

  /// Closes unwanted connections before anyone can see the outcome.
  private func finish(_ result: Result<(Database, PendingDatabase), any Error>) {
    condition.lock()
    if isDiscarded, case .success(let (first, second)) = result { Self.close(first, second) }
    outcome = result
    let wake = self.wake
    self.wake = nil
    condition.broadcast()
    condition.unlock()
    wake?()
  }

  private static func close(_ first: Database, _ second: PendingDatabase) {
    first.close()
    second.close()
  }
}
