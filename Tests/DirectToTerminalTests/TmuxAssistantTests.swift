import Foundation
import Testing

/// `scripts/tmux-assistant-e2e.sh` on the real `d2t`: hide and relabel with `A` in a
/// terminal, quit, restart, and both changes are still there.
@Suite struct TmuxAssistantTests {
  @Test(.enabled(if: ProcessRunner.isInstalled("tmux") || TmuxEndToEndTests.required, "tmux is not installed"))
  func hideAndRelabelSurviveARestart() throws {
    let d2t = try #require(ProcessRunner.d2tPath, "no d2t binary: run swift build --product d2t")
    let script = TestDatabases.repositoryRoot.appendingPathComponent("scripts/tmux-assistant-e2e.sh").path
    let result = try ProcessRunner.run("/bin/bash", [script, d2t])
    #expect(result.status == 0, "scripts/tmux-assistant-e2e.sh \(d2t) failed:\n\(result.output)")
    #expect(result.output.contains("tmux-assistant-e2e: all checks passed"), "\(result.output)")
  }
}
