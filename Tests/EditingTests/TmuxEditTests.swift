import TestSupport
import Testing

/// The real binary in a real terminal: edit a film's rating with the picker in tmux, save,
/// and check the row (scripts/tmux-edit-e2e.sh).
@Suite(.serialized) struct TmuxEditTests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func editsARatingWithThePickerInTmux() throws {
    try TmuxScript.expectPasses("tmux-edit-e2e", needing: ["sqlite3"])
  }

  /// A server that never answers: "Connecting to …" with a spinner, Esc and Ctrl-C give up
  /// at once with the terminal restored (scripts/tmux-connect-e2e.sh).
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func connectingShowsASpinnerAndEscGivesUp() throws {
    try TmuxScript.expectPasses("tmux-connect-e2e", needing: ["sqlite3"])
  }

  /// A kept journal across a restart (issue 22 item 20): J lists the change made before it
  /// and u undoes it, in a real terminal (scripts/tmux-journal-e2e.sh).
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func aKeptJournalIsListedAndUndoneAfterARestart() throws {
    try TmuxScript.expectPasses("tmux-journal-e2e", needing: ["sqlite3"])
  }

  /// Issue 24 in a real terminal, SQLite and PostgreSQL: marks, a batch change with its
  /// preview and its undo, an import (scripts/tmux-batch-e2e.sh).
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func marksABatchChangeAndAnImportInTmux() throws {
    try TmuxScript.expectPasses("tmux-batch-e2e", needing: ["sqlite3"])
  }
}
