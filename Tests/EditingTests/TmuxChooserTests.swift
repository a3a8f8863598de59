import TestSupport
import Testing

/// The real binary in a real terminal (scripts/tmux-chooser-e2e.sh): the to-one chooser on
/// SQLite and PostgreSQL, the connection picker, copying through OSC 52, ASCII under
/// LANG=C, and key bursts on a 1,000,000-row table.
@Suite(.serialized) struct TmuxChooserTests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func chooserPickerCopyAndKeyBurstsInTmux() throws {
    try TmuxScript.expectPasses("tmux-chooser-e2e", needing: ["sqlite3"])
  }
}
