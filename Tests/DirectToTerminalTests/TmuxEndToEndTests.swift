import Foundation
import TestSupport
import Testing

/// `scripts/tmux-e2e.sh` on the real `d2t`: a terminal, keys, quit and SIGTERM.
@Suite struct TmuxEndToEndTests {
  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func realBinaryInTmux() throws {
    try TmuxScript.expectPasses("tmux-e2e")
  }
}
