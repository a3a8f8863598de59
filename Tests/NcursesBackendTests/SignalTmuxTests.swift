import TestSupport
import Testing

/// Runs scripts/tmux-signals.sh on d2t-termdemo: every signal that can reach an
/// interactive program leaves the terminal restored (or is ignored), crashes included,
/// and Ctrl-Z suspends and resumes with the screen redrawn.
@Suite struct SignalTmuxTests {
  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func everySignalLeavesTheTerminalRestored() throws {
    try TmuxScript.expectPasses("tmux-signals", program: "d2t-termdemo")
  }
}
