import Testing

/// Runs scripts/tmux-signals.sh on d2t-termdemo: every signal that can reach an
/// interactive program leaves the terminal restored (or is ignored), crashes included,
/// and Ctrl-Z suspends and resumes with the screen redrawn.
@Suite struct SignalTmuxTests {
  @Test func everySignalLeavesTheTerminalRestored() throws {
    guard let (status, text) = try runTermDemoScript("tmux-signals") else { return }
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("tmux-signals: all checks passed\n"))
  }
}
