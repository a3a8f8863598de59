import Foundation
import Testing

/// `scripts/tmux-console-e2e.sh` on the real `d2t`: the console flow and `x` in a terminal.
@Suite struct TmuxConsoleTests {
  @Test(.enabled(if: ProcessRunner.isInstalled("tmux") || TmuxEndToEndTests.required, "tmux is not installed"))
  func consoleFlowInTmux() throws {
    let d2t = try #require(ProcessRunner.d2tPath, "no d2t binary: run swift build --product d2t")
    let script = TestDatabases.repositoryRoot.appendingPathComponent("scripts/tmux-console-e2e.sh").path
    let result = try ProcessRunner.run("/bin/bash", [script, d2t])
    #expect(result.status == 0, "scripts/tmux-console-e2e.sh \(d2t) failed:\n\(result.output)")
    #expect(result.output.contains("tmux-console-e2e: all checks passed"), "\(result.output)")
  }
}
