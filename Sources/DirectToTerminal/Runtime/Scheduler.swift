import Synchronization

/// The time and the timers of a d2t session: the runtime reads `now` once per step, the
/// database worker schedules delayed actions, follow checks and reconnection attempts on
/// it. `SystemScheduler` is the clock on the wall; tests give a `ManualScheduler` and move
/// time with `advance(by:)` instead of sleeping.
public protocol Scheduler: Sendable {
  /// The time now.
  var now: ContinuousClock.Instant { get }
  /// Runs `body` once `delay` has passed, off the calling thread (a manual scheduler runs
  /// it within `advance`).
  func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void)
}

/// The real clock: timers on a thread of their own (`TimerThread`).
public struct SystemScheduler: Scheduler {
  private static let timers = TimerThread(name: "d2t-timers")

  public init() {}

  public var now: ContinuousClock.Instant { .now }

  public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) {
    Self.timers.schedule(at: .now + max(.zero, delay), body)
  }
}

/// A clock that moves only when told: `advance(by:)` runs every timer that falls due, in
/// order of its time (then of scheduling), on the calling thread. For tests of follow
/// checks, delayed actions and reconnection backoff that never sleep.
public final class ManualScheduler: Scheduler {
  private struct Timer {
    var due: ContinuousClock.Instant
    var order: Int
    var body: @Sendable () -> Void
  }

  private struct Clock {
    var now: ContinuousClock.Instant
    var timers: [Timer] = []
    var scheduled = 0
  }

  private let clock: Mutex<Clock>

  public init(now: ContinuousClock.Instant = .now) {
    clock = Mutex(Clock(now: now))
  }

  public var now: ContinuousClock.Instant { clock.withLock { $0.now } }

  /// The timers not run yet.
  public var pendingCount: Int { clock.withLock { $0.timers.count } }

  public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) {
    clock.withLock { clock in
      clock.timers.append(Timer(due: clock.now + delay, order: clock.scheduled, body: body))
      clock.scheduled += 1
    }
  }

  /// Moves the time on by `duration`, running each timer due by then (timers a timer sets
  /// run too when they fall within the advance).
  public func advance(by duration: Duration) {
    let end = clock.withLock { $0.now + duration }
    while let timer = clock.withLock({ clock -> Timer? in
      guard
        let index = clock.timers.indices.filter({ clock.timers[$0].due <= end })
          .min(by: { (clock.timers[$0].due, clock.timers[$0].order) < (clock.timers[$1].due, clock.timers[$1].order) })
      else { return nil }
      let timer = clock.timers.remove(at: index)
      clock.now = max(clock.now, timer.due)
      return timer
    }) {
      timer.body()
    }
    clock.withLock { $0.now = end }
  }
}
