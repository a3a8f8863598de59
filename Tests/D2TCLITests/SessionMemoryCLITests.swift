import Testing
import TestSupport

/// Issue 28 items 1 and 3: a long session's main heap stays flat, and nothing but d2t's own
/// waits wakes it. 4,000 keys in a real terminal (moves, paging, rows opened, searches, page
/// changes, following on) grow the heap by at most 64 KB after the first 1,000, on SQLite,
/// PostgreSQL and MariaDB; it grew about 100 KB per 1,000 keys while libdispatch ran the
/// database worker's lanes and timers. Only d2t's own threads run: libdispatch's pool,
/// once started, wakes the process every second (`scripts/tmux-session-memory-e2e.sh`).
@Suite(.serialized) struct SessionMemoryCLITests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func theMainHeapStaysFlatOverALongSession() throws {
    try TmuxScript.expectPasses(
      "tmux-session-memory-e2e", needing: ["sqlite3"] + (PostgresTests.areOn ? ["psql"] : []))
  }
}
