import Foundation
import TestSupport
import Testing

/// `scripts/tmux-assistant-e2e.sh` on the real `d2t`: hide and relabel with `A` in a
/// terminal, quit, restart, and both changes are still there.
@Suite struct TmuxAssistantTests {
  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func hideAndRelabelSurviveARestart() throws {
    try TmuxScript.expectPasses("tmux-assistant-e2e")
  }
}
