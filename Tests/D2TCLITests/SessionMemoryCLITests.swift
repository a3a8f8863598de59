import Testing
import TestSupport

/// Issue 28 item 3: a long session's main heap stays flat. 4,000 keys in a real terminal
/// (moves, paging, rows opened, searches, page changes, following on) grow it by at most
/// 32 KB after the first 1,000 (`scripts/tmux-session-memory-e2e.sh`); it grew about 100 KB
/// per 1,000 keys while libdispatch ran the database worker's lanes and timers.
@Suite(.serialized) struct SessionMemoryCLITests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func theMainHeapStaysFlatOverALongSession() throws {
    try TmuxScript.expectPasses("tmux-session-memory-e2e", needing: ["sqlite3"])
  }
}
