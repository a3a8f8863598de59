import Foundation
import Synchronization

/// Watches rule files off the UI thread: polls their modification times a few times a
/// second and posts `.rulesChanged` when one changes, so the UI loop never stats files.
final class RuleWatcher: Sendable {
  private let paths: [String]
  private let stopped = Atomic<Bool>(false)
  private let interval: Duration
  /// The files' times when the watcher was made: a change after that is reported, even one
  /// made before the thread runs.
  private let initialDates: [Date?]

  init(paths: [String], interval: Duration = .milliseconds(200)) {
    self.paths = paths
    self.interval = interval
    initialDates = Self.dates(paths)
  }

  /// Starts watching; `changed` is called from the watcher's thread.
  func start(_ changed: @escaping @Sendable () -> Void) {
    guard !paths.isEmpty else { return }
    let paths = paths
    let interval = interval
    let thread = Thread { [self] in
      var dates = initialDates
      while !stopped.load(ordering: .relaxed) {
        Thread.sleep(
          forTimeInterval: Double(interval.components.attoseconds) / 1e18
            + Double(interval.components.seconds))
        let now = Self.dates(paths)
        if now != dates {
          dates = now
          changed()
        }
      }
    }
    thread.name = "d2t.rule-watcher"
    thread.start()
  }

  func stop() { stopped.store(true, ordering: .relaxed) }

  private static func dates(_ paths: [String]) -> [Date?] {
    paths.map { (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date }
  }
}
