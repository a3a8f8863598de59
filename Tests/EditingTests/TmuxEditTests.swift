import Testing

/// The real binary in a real terminal: edit a film's rating with the picker in tmux, save,
/// and check the row (scripts/tmux-edit-e2e.sh).
@Suite(.serialized) struct TmuxEditTests {
  @Test func editsARatingWithThePickerInTmux() throws {
    try TmuxScript.run("tmux-edit-e2e")
  }

  /// A server that never answers: "Connecting to …" with a spinner, Esc and Ctrl-C give up
  /// at once with the terminal restored (scripts/tmux-connect-e2e.sh).
  @Test func connectingShowsASpinnerAndEscGivesUp() throws {
    try TmuxScript.run("tmux-connect-e2e")
  }
}
