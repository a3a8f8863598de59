import Foundation
import Testing

/// `scripts/tmux-e2e.sh` on the real `d2t`: a terminal, keys, quit and SIGTERM.
@Suite struct TmuxEndToEndTests {
  static let required = ProcessInfo.processInfo.environment["CI"] == "true"

  @Test(.enabled(if: ProcessRunner.isInstalled("tmux") || required, "tmux is not installed"))
  func realBinaryInTmux() throws {
    let d2t = try #require(ProcessRunner.d2tPath, "no d2t binary: run swift build --product d2t")
    let script = TestDatabases.repositoryRoot.appendingPathComponent("scripts/tmux-e2e.sh").path
    let result = try ProcessRunner.run("/bin/bash", [script, d2t])
    #expect(result.status == 0, "scripts/tmux-e2e.sh \(d2t) failed:\n\(result.output)")
    #expect(result.output.contains("tmux-e2e: all checks passed"), "\(result.output)")
  }
}
