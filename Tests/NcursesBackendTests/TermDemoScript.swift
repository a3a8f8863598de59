import Foundation
import TestSupport
import Testing

/// Runs one of the `scripts/tmux-*.sh` checks on `d2t-termdemo` in a real tmux: the
/// script's exit status and output, or nil when tmux is missing outside CI (on CI it is
/// required).
func runTermDemoScript(_ script: String) throws -> (status: Int32, output: String)? {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let hasTmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  if !hasTmux {
    try #require(ProcessInfo.processInfo.environment["CI"] != "true", "tmux is required on CI")
    return nil
  }
  let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("d2t-termdemo").path
  let binary =
    FileManager.default.isExecutableFile(atPath: besideTests)
    ? besideTests : root.appendingPathComponent(".build/debug/d2t-termdemo").path
  try #require(FileManager.default.isExecutableFile(atPath: binary), "build d2t-termdemo first: \(binary)")
  let log = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-\(script)-\(UUID()).log")
  defer { try? FileManager.default.removeItem(at: log) }
  let status = try runWithCleanSignals(
    root.appendingPathComponent("scripts/\(script).sh").path, [binary], output: log.path)
  return (status, try String(contentsOf: log, encoding: .utf8))
}
