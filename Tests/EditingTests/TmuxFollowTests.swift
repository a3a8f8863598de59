import TestSupport
import Testing

/// The real binary in a real terminal: another client changes rows and an open edit's row,
/// and the screen follows within 2 s (scripts/tmux-follow-e2e.sh, SQLite and PostgreSQL).
@Suite(.serialized) struct TmuxFollowTests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func panesFollowAnotherClientInTmux() throws {
    try TmuxScript.expectPasses("tmux-follow-e2e", needing: ["sqlite3"])
  }
}
