import Access
import Foundation
import Synchronization
import Testing

@testable import DirectToTerminal

/// Every result the worker posts wakes the event loop through the same handler, many
/// thousand times a session (a follow check a second): calling it must not get deeper with
/// use. A closure kept directly in a `Mutex` was wrapped in two more reabstraction thunks by
/// each read, so the wake ran 5,000 frames deep after 30 minutes, with the memory of the
/// worker threads' stacks creeping along (and a crash after a day or so).
@Suite struct WorkerWakeTests {
  /// The address of a local of the caller's frame: lower when the call is deeper.
  @inline(never) static func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }

  @Test func theWakeIsNoDeeperAfterTwentyThousandResults() throws {
    // A worker of its own, with no app: nothing but this thread posts (an app's timers and
    // results would call the wake on other threads' stacks).
    let driver = try AppDriver.large()
    let worker = DatabaseWorker(database: driver.database, countDatabase: PendingDatabase(driver.countDatabase))
    defer { worker.cancelAll() }
    let depths = Mutex<[UInt]>([])
    worker.setWake { depths.withLock { $0.append(Self.stackAddress()) } }
    for _ in 0..<20_000 {
      worker.post(.rulesChanged)
      _ = worker.drain()
    }
    let seen = depths.withLock { $0 }
    #expect(seen.count >= 20_000)
    let first = try #require(seen.first)
    let deepest = try #require(seen.min())
    #expect(first - deepest < 1024, "the wake ran \(first - deepest) bytes deeper after 20,000 results")
  }
}
