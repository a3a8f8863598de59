import Testing
import TestSupport

/// Issue 27 item 1: bash, zsh and fish complete `d2t`'s top-level options, connection names,
/// theme names, option values and paths in any folder, each shell run in a real terminal
/// with the script `d2t completion SHELL` prints (`scripts/tmux-completion-e2e.sh`).
@Suite struct CompletionCLITests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["zsh", "fish"]), TmuxScript.skipReason))
  func eachShellCompletesTheMainUses() throws {
    try TmuxScript.expectPasses("tmux-completion-e2e", needing: ["zsh", "fish"])
  }
}
