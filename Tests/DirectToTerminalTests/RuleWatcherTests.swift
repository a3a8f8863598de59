@testable import DirectToTerminal
import Dispatch
import Foundation
import Synchronization
import Testing

/// The rule watcher is woken by the kernel (inotify), not a timer: a write, an editor's
/// save by rename, a delete and re-create are each reported, a change made before its
/// thread ran too, and a file of the same folder that is not watched is not.
@Suite struct RuleWatcherTests {
  /// A watcher on `watched.rules` in a new folder, its reports counted and signalled.
  final class Watch: @unchecked Sendable {
    let folder: URL
    let file: URL
    let watcher: RuleWatcher
    let reports = Atomic<Int>(0)
    let signal = DispatchSemaphore(value: 0)

    init(startNow: Bool = true) throws {
      folder = try TestDatabases.scratchDirectory()
      file = folder.appendingPathComponent("watched.rules")
      try "pageSize <= 20\n".write(to: file, atomically: false, encoding: .utf8)
      watcher = RuleWatcher(paths: [file.path])
      if startNow { start() }
    }

    func start() {
      watcher.start { [self] in
        reports.add(1, ordering: .relaxed)
        signal.signal()
      }
    }

    /// Waits for the next report (at most 5 s); true when it came.
    func nextReport() -> Bool { signal.wait(timeout: .now() + 5) == .success }

    deinit { watcher.stop() }
  }

  @Test func aChangeBeforeTheThreadStartsIsReported() throws {
    let watch = try Watch(startNow: false)
    #expect(watch.watcher.isWatching)
    // Changed after the watcher was made, before it starts (as when the rules load slowly).
    try "pageSize <= 30\n".write(to: watch.file, atomically: false, encoding: .utf8)
    watch.start()
    #expect(watch.nextReport())
  }

  @Test func anEditorsSaveByRenameAndADeleteAndRecreateAreReported() throws {
    let watch = try Watch()
    // Vim and most editors write a new file and rename it over the old one.
    let temporary = watch.folder.appendingPathComponent(".watched.rules.swp")
    try "pageSize <= 40\n".write(to: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary.path, watch.file.path) == 0)
    #expect(watch.nextReport(), "the rename over the file")
    try FileManager.default.removeItem(at: watch.file)
    #expect(watch.nextReport(), "the delete")
    try "pageSize <= 50\n".write(to: watch.file, atomically: false, encoding: .utf8)
    #expect(watch.nextReport(), "made again")
  }

  @Test func anotherFileOfTheFolderIsNotReported() throws {
    let watch = try Watch()
    try "x".write(to: watch.folder.appendingPathComponent("other.txt"), atomically: false, encoding: .utf8)
    try "pageSize <= 60\n".write(to: watch.file, atomically: false, encoding: .utf8)
    #expect(watch.nextReport())
    // Only the watched file's change was reported: the other file's came first and none.
    #expect(watch.signal.wait(timeout: .now() + 0.2) == .timedOut)
    #expect(watch.reports.load(ordering: .relaxed) == 1)
  }

  /// The kernel allows a user 128 inotify instances: watchers share one, so a host with
  /// many apps (or a test run) never runs out.
  @Test func twoHundredWatchersInOneProcessStillWatch() throws {
    let others = try (0..<200).map { _ in try Watch(startNow: false) }
    defer { others.forEach { $0.watcher.stop() } }
    let watch = try Watch()
    #expect(watch.watcher.isWatching)
    try "pageSize <= 70\n".write(to: watch.file, atomically: false, encoding: .utf8)
    #expect(watch.nextReport())
  }

  @Test func aFolderThatDoesNotExistIsNotWatched() {
    let watcher = RuleWatcher(paths: ["/nonexistent-d2t-folder/x.rules"])
    #expect(!watcher.isWatching)
    watcher.stop()
  }
}
