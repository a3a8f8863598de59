import Testing

/// Ctrl-C is a key of the app (the terminal does not turn it into SIGINT): it quits as `q`
/// does, asking first where input is unsaved; it closes help and dialogs; it stops what the
/// focused page waits for as Esc does. It ended d2t at once, unsaved input and all.
@Suite struct InterruptKeyTests {
  @Test func ctrlCWithUnsavedInputAsksAndKeepsTheEdit() throws {
    var app = try AppDriver.demo().makeApp()
    let asked = run(&app, DialogKeysTests.editFirstFilm + " C-c", width: 150, height: 30)
    #expect(!app.wantsToQuit, "Ctrl-C would lose the edit")
    #expect(asked.contains("[ Save ]  [ Discard ]  [ Cancel ]"), "\(asked)")
    let cancelled = run(&app, "C-c", width: 150, height: 30)
    #expect(!app.wantsToQuit)
    #expect(!cancelled.contains("[ Save ]  [ Discard ]  [ Cancel ]"), "a second Ctrl-C cancels the question")
    #expect(cancelled.contains("Edit AMBER ANCHOR") && cancelled.contains("• "), "the input is kept:\n\(cancelled)")
  }

  @Test func ctrlCClosesHelpThenQuits() throws {
    var app = try AppDriver.demo().makeApp()
    let help = run(&app, "Down Enter ? C-c", width: 150, height: 30)
    #expect(!help.contains("Help ·"), "Ctrl-C closes help:\n\(help)")
    #expect(!app.wantsToQuit)
    _ = run(&app, "C-c", width: 150, height: 30)
    #expect(app.wantsToQuit, "nothing unsaved: Ctrl-C quits")
  }

  /// A cell edited in place (`c`) is cancelled by Ctrl-C as by Esc; d2t does not quit (it
  /// quit without asking, the typed value lost).
  @Test func ctrlCCancelsACellEditInsteadOfQuitting() throws {
    var app = try AppDriver.demo().makeApp()
    let editing = run(&app, "Down Enter ] c Z Z", width: 150, height: 30)
    #expect(editing.contains("ZZ"), "\(editing.lines.prefix(6).joined(separator: "\n"))")
    let cancelled = run(&app, "C-c", width: 150, height: 30)
    let quit = app.wantsToQuit
    #expect(!quit, "Ctrl-C quit over a cell edit")
    #expect(!cancelled.contains("ZZ"), "the cell edit is cancelled")
  }
}
