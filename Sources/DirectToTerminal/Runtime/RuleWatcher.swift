import Foundation

/// Watches rule files off the UI thread with inotify (through the process's `InotifyHub`):
/// the kernel wakes the hub's thread when a file is written, replaced (an editor's save by
/// rename), created, deleted or changes mode, and the watcher posts `.rulesChanged`; while
/// nothing changes it costs nothing (no timer, no `stat`). The folders are watched, not the
/// files, so a file replaced by rename, deleted and made again, or not there yet is followed
/// too. A change made after the watcher was made and before it starts is reported at start.
/// The same watches a SQLite database's files themselves (`watchingFiles`) for following.
final class RuleWatcher: Sendable {
  private let subscription: Int?

  init(paths: [String]) {
    var names: [String: Set<String>] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path).standardizedFileURL
      names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    subscription = InotifyHub.shared.subscribe(names)
  }

  /// Watches the files themselves for being written in place (a SQLite database's file and
  /// `-wal`, which the app follows this way): those that exist now.
  init(watchingFiles paths: [String]) {
    subscription = InotifyHub.shared.subscribe(files: paths)
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
