import Dispatch
import Foundation
import Synchronization

/// A serial queue on a thread of its own: jobs run one after another, in the order given,
/// and the thread sleeps on a semaphore between them (it wakes on a job, never on a timer).
/// The thread starts with the first job and ends once the `JobThread` goes and the jobs
/// given before have run.
///
/// Why not a serial `DispatchQueue`: libdispatch keeps each finished job's continuation in
/// a cache of the thread that ran it (up to 1,024 per thread on Linux). The UI thread gave
/// the jobs and the pool's threads only ran them, so those caches filled with the UI
/// thread's small blocks, each left among the main heap's newer allocations — a long
/// session's main heap grew about 100 KB per 1,000 keys with no live data growing. Here a
/// job's memory goes back to the allocator when it has run.
final class JobThread: Sendable {
  typealias Job = @Sendable () -> Void

  private final class Queue: Sendable {
    let jobs = Mutex<(waiting: [Job], started: Bool, ended: Bool)>(([], false, false))
    let ready = DispatchSemaphore(value: 0)

    func run() {
      while true {
        ready.wait()
        var batch: [Job] = []
        let ended = jobs.withLock { jobs in
          swap(&batch, &jobs.waiting)
          return jobs.ended
        }
        for job in batch { job() }
        if ended, jobs.withLock({ $0.waiting.isEmpty }) { return }
      }
    }
  }

  private let queue = Queue()
  private let name: String

  /// A queue whose thread is named `name` (as `top -H` shows it: at most 15 bytes).
  init(name: String) {
    self.name = name
  }

  deinit {
    queue.jobs.withLock { $0.ended = true }
    queue.ready.signal()
  }

  /// Runs `job` after the jobs given before it.
  func async(_ job: @escaping Job) {
    let start = queue.jobs.withLock { jobs in
      jobs.waiting.append(job)
      defer { jobs.started = true }
      return !jobs.started
    }
    if start {
      Thread.detachNewThread { [queue, name] in
        ThreadName.set(name)
        queue.run()
      }
    }
    queue.ready.signal()
  }

  /// Blocks until the jobs given before have run, at most `timeout`; false if some have not.
  @discardableResult
  func waitUntilDone(timeout: Duration) -> Bool {
    let done = DispatchSemaphore(value: 0)
    async { done.signal() }
    return done.wait(timeout: .now() + timeout / .seconds(1)) == .success
  }
}
