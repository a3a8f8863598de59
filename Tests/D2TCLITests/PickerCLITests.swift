import Testing
import TestSupport

/// Issue 27 item 7: the connection picker in a real terminal — `?` lists its keys, `/`
/// narrows the list, Esc clears the filter, Enter opens the connection chosen
/// (`scripts/tmux-picker-e2e.sh`).
@Suite struct PickerCLITests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func thePickerFiltersHelpsAndOpens() throws {
    try TmuxScript.expectPasses("tmux-picker-e2e", needing: ["sqlite3"])
  }
}
