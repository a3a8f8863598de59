import Testing

/// The real binary in a real terminal: edit a film's rating with the picker in tmux, save,
/// and check the row (scripts/tmux-edit-e2e.sh).
@Suite(.serialized) struct TmuxEditTests {
  @Test func editsARatingWithThePickerInTmux() throws {
    try TmuxScript.run("tmux-edit-e2e")
  }
}
