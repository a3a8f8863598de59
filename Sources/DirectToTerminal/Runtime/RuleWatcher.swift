import Foundation

/// Watches rule files off the UI thread with inotify (through the process's `InotifyHub`):
/// the kernel wakes the hub's thread when a file is written, replaced (an editor's save by
/// rename), created, deleted or changes mode, and the watcher posts `.rulesChanged`; while
/// nothing changes it costs nothing (no timer, no `stat`). The folders are watched, not the
/// files, so a file replaced by rename, deleted and made again, or not there yet is followed
/// too. A change made after the watcher was made and before it starts is reported at start.
/// The same watches a SQLite database's files (with `modifications`) for following.
final class RuleWatcher: Sendable {
  private let subscription: Int?

  /// `modifications`: a file written in place counts too (a database's files, which the
  /// app follows this way on SQLite).
  init(paths: [String], modifications: Bool = false) {
    var names: [String: Set<String>] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path).standardizedFileURL
      names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    subscription = InotifyHub.shared.subscribe(names, modifications: modifications)
  }

  deinit { stop() }

  /// Whether anything is watched (inotify is there and a folder could be watched).
  var isWatching: Bool { subscription != nil }

  /// Starts reporting; `changed` is called from the hub's thread, once per batch of events
  /// that touch a watched file.
  func start(_ changed: @escaping @Sendable () -> Void) {
    guard let subscription else { return }
    InotifyHub.shared.start(subscription, changed)
  }

  /// Stops reporting (and lets go of folders nobody else watches).
  func stop() {
    guard let subscription else { return }
    InotifyHub.shared.unsubscribe(subscription)
  }
}
