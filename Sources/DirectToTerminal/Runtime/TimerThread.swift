import Dispatch
import Foundation
import Synchronization

/// Timers on a thread of their own: it sleeps until the earliest timer falls due or an
/// earlier one is set, runs those due in order of their time (then of setting), and sleeps
/// again. Nothing wakes it on an interval. The thread ends, dropping the timers not yet
/// due, once the `TimerThread` goes. Not `DispatchQueue.asyncAfter`, for the reason
/// `JobThread` gives: each timer would leave a block of the setting thread's in a cache of
/// the thread that ran it.
final class TimerThread: Sendable {
  private struct Timer {
    var due: ContinuousClock.Instant
    var order: Int
    var body: @Sendable () -> Void
  }

  private final class Timers: Sendable {
    struct State {
      var timers: [Timer] = []
      var set = 0
      var ended = false
      var phase = Phase.running
    }

    /// What the thread does: a timer due no earlier than it wakes need not wake it, nor
    /// one set while it runs timers (it looks at the list again before it sleeps).
    enum Phase {
      case running
      /// Until the time given, or until a timer is set (nil).
      case sleeping(until: ContinuousClock.Instant?)
    }

    let state = Mutex(State())
    let changed = DispatchSemaphore(value: 0)

    func run() {
      while true {
        let now = ContinuousClock.now
        let (due, next, ended) = state.withLock { state -> ([Timer], ContinuousClock.Instant?, Bool) in
          let due = state.timers.filter { $0.due <= now }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
          if !due.isEmpty { state.timers.removeAll { $0.due <= now } }
          let next = state.timers.map(\.due).min()
          state.phase = due.isEmpty ? .sleeping(until: next) : .running
          return (due, next, state.ended)
        }
        if ended { return }
        if !due.isEmpty {
          for timer in due { timer.body() }
          continue
        }
        if let next {
          _ = changed.wait(timeout: .now() + max(0, (next - .now) / .seconds(1)))
        } else {
          changed.wait()
        }
      }
    }
  }

  private let timers = Timers()

  /// Starts the thread, named `name` (at most 15 bytes).
  init(name: String) {
    Thread.detachNewThread { [timers, name] in
      ThreadName.set(name)
      timers.run()
    }
  }

  deinit {
    timers.state.withLock { $0.ended = true }
    timers.changed.signal()
  }

  /// Runs `body` on the thread once `due` has come.
  func schedule(at due: ContinuousClock.Instant, _ body: @escaping @Sendable () -> Void) {
    let wake = timers.state.withLock { state in
      state.timers.append(Timer(due: due, order: state.set, body: body))
      state.set += 1
      guard case .sleeping(let until) = state.phase else { return false }
      return until.map { due < $0 } ?? true
    }
    if wake { timers.changed.signal() }
  }
}
