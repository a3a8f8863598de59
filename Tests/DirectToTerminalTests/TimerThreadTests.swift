import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DirectToTerminal

/// The real clock's timers run on a thread of their own (`TimerThread`, not
/// `asyncAfter`: see `JobThreadTests`), which sleeps until the earliest timer is due.
@Suite struct TimerThreadTests {
  /// A timer set after a later one wakes the thread's wait for it: it runs at its own
  /// time, not the later one's.
  @Test func anEarlierTimerWakesTheTimersWait() throws {
    let timers = TimerThread(name: "d2t-test-timer")
    let ran = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    let start = ContinuousClock.now
    timers.schedule(at: start + .seconds(600)) { ran.withLock { $0.append("late") } }
    timers.schedule(at: start + .milliseconds(20)) { ran.withLock { $0.append("second") } }
    timers.schedule(at: start + .milliseconds(10)) { ran.withLock { $0.append("first") } }
    timers.schedule(at: start + .milliseconds(20)) {
      ran.withLock { $0.append("second, set later") }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 10) == .success, "the 600 s timer held the others")
    #expect(ran.withLock { $0 } == ["first", "second", "second, set later"])
  }

  @Test func theThreadEndsWithItsTimers() throws {
    let name = "d2t-test-ends"
    var timers: TimerThread? = TimerThread(name: name)
    let ran = DispatchSemaphore(value: 0)
    timers?.schedule(at: .now) { ran.signal() }
    #expect(ran.wait(timeout: .now() + 10) == .success)
    #expect(JobThreadTests.threadNames().contains(name))
    timers?.schedule(at: .now + .seconds(600)) { Issue.record("a timer ran after its thread was released") }
    timers = nil
    let deadline = ContinuousClock.now + .seconds(10)
    while JobThreadTests.threadNames().contains(name), ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!JobThreadTests.threadNames().contains(name), "the thread ends once it is released")
  }
}
