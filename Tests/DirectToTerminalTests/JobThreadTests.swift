import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DirectToTerminal

/// The database worker's lanes run on threads of their own (issue 28 item 3: libdispatch's
/// continuation caches grew the main heap of a long session;
/// `scripts/tmux-session-memory-e2e.sh` measures that heap). A lane's thread wakes on the
/// job it waits for, runs its jobs in order, and ends with its queue.
@Suite struct JobThreadTests {
  /// The names of this process's threads (`/proc/self/task/*/comm`).
  static func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { task in
      (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  @Test func jobsRunInOrderOnOneNamedThreadThatEndsWithTheQueue() throws {
    let name = "d2t-test-\(UInt16.random(in: 1000...9999))"
    var lane: JobThread? = JobThread(name: name)
    #expect(!Self.threadNames().contains(name), "no thread before the first job")
    let ran = Mutex<(order: [Int], threads: Set<String>)>(([], []))
    let done = DispatchSemaphore(value: 0)
    for index in 0..<1000 {
      lane?.async {
        ran.withLock { ran in
          ran.order.append(index)
          ran.threads.insert(Thread.current.name ?? "")
        }
        if index == 999 { done.signal() }
      }
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(ran.withLock { $0.order } == Array(0..<1000))
    #expect(ran.withLock { $0.threads } == [name])
    #expect(Self.threadNames().contains(name))
    lane = nil
    // Its end is seen from outside only: the task leaves /proc.
    let deadline = ContinuousClock.now + .seconds(10)
    while Self.threadNames().contains(name), ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!Self.threadNames().contains(name), "the thread ends once its queue is released")
  }

  @Test func aJobGivenWhileTheQueueIsReleasedStillRuns() throws {
    let done = DispatchSemaphore(value: 0)
    do {
      let lane = JobThread(name: "d2t-test-last")
      lane.async { Thread.sleep(forTimeInterval: 0.05) }
      lane.async { done.signal() }
    }
    #expect(done.wait(timeout: .now() + 10) == .success, "jobs given before the release run")
  }
}
