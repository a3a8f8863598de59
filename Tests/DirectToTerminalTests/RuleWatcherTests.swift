@testable import DirectToTerminal
import Foundation
import Synchronization
import Testing

/// The rule watcher reports a file changed after it was made, even before its thread ran.
@Suite struct RuleWatcherTests {
  @Test func aChangeBeforeTheThreadStartsIsReported() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("watched.rules")
    try "pageSize <= 20\n".write(to: file, atomically: false, encoding: .utf8)
    let watcher = RuleWatcher(paths: [file.path], interval: .milliseconds(20))
    defer { watcher.stop() }
    // Changed after the watcher was made, before it starts (as when the rules load slowly).
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file.path)
    let reported = Atomic<Int>(0)
    watcher.start { reported.add(1, ordering: .relaxed) }
    for _ in 0..<100 where reported.load(ordering: .relaxed) == 0 { Thread.sleep(forTimeInterval: 0.02) }
    #expect(reported.load(ordering: .relaxed) == 1)
  }
}
