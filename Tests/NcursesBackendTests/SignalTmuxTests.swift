import Foundation
import ProcessTestSupport
import Testing

/// Runs scripts/tmux-signals.sh on d2t-termdemo: every signal that can reach an
/// interactive program leaves the terminal restored (or is ignored), crashes included,
/// and Ctrl-Z suspends and resumes with the screen redrawn.
@Suite struct SignalTmuxTests {
  @Test func everySignalLeavesTheTerminalRestored() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let hasTmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    if !hasTmux {
      try #require(ProcessInfo.processInfo.environment["CI"] != "true", "tmux is required on CI")
      return
    }
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("d2t-termdemo").path
    let binary =
      FileManager.default.isExecutableFile(atPath: besideTests)
      ? besideTests : root.appendingPathComponent(".build/debug/d2t-termdemo").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build d2t-termdemo first: \(binary)")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-tmux-signals-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let status = try runWithCleanSignals(
      root.appendingPathComponent("scripts/tmux-signals.sh").path, [binary], output: log.path)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("tmux-signals: all checks passed\n"))
  }
}
