import Foundation
import TestSupport
import Testing

/// `scripts/tmux-console-e2e.sh` on the real `d2t`: the console flow and `x` in a terminal.
@Suite struct TmuxConsoleTests {
  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func consoleFlowInTmux() throws {
    try TmuxScript.expectPasses("tmux-console-e2e")
  }
}
