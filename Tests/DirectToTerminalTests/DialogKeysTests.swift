import Testing

/// Dialogs answer typed choices by their first letter, arrows and Enter; the safe choice is
/// the default; closing an editor with unsaved input asks first.
@Suite struct DialogKeysTests {
  static let editFirstFilm = "Down Down Enter Enter e Down End X"

  @Test func escWithUnsavedInputAsksAndCancelKeepsTheEdit() throws {
    var app = try AppDriver.demo().makeApp()
    let asked = run(&app, Self.editFirstFilm + " Escape", width: 150, height: 30)
    #expect(asked.contains("╭─ Unsaved changes"), "\(asked)")
    #expect(asked.contains("[ Save ]  [ Discard ]  [ Cancel ]"))
    let cancelled = run(&app, "c", width: 150, height: 30)
    #expect(!cancelled.contains("Unsaved changes"), "\(cancelled)")
    #expect(cancelled.contains("Edit AMBER ANCHOR") && cancelled.contains("• "), "the input is kept:\n\(cancelled)")
    let discarded = run(&app, "Escape d", width: 150, height: 30)
    #expect(!discarded.contains("Edit AMBER ANCHOR"), "d discards and closes the editor:\n\(discarded)")
  }

  /// A new row whose defaults the user left alone closes with Esc at once; typed input asks.
  @Test func escOnAnUntouchedNewRowDoesNotAsk() throws {
    var app = try AppDriver.demo().makeApp()
    let form = run(&app, "Enter n", width: 150, height: 30)
    #expect(form.contains("New Customer"), "\(form)")
    let closed = run(&app, "Escape", width: 150, height: 30)
    #expect(!closed.contains("Unsaved changes") && !closed.contains("New Customer"), "\(closed)")
    let asked = run(&app, "n Down Down x Escape", width: 150, height: 30)
    #expect(asked.contains("Unsaved changes"), "typed input asks:\n\(asked)")
  }

  /// A film that rows refer to cannot be deleted: the question says so, with Cancel focused.
  @Test func deleteAsksWithCancelFocusedAndCCancels() throws {
    var app = try AppDriver.demo().makeApp()
    let asked = run(&app, "Down Down Enter d", width: 150, height: 30)
    #expect(asked.contains("Film “AMBER ANCHOR” cannot be deleted"), "\(asked)")
    let kept = run(&app, "Enter", width: 150, height: 30)
    #expect(!kept.contains("cannot be deleted"), "Enter presses the focused, safe Cancel:\n\(kept)")
    #expect(kept.contains("│972 AMBER ANCHOR"))
  }
}

/// The mouse: a click focuses a pane and selects the row, field or dialog button it hits.
@Suite struct MouseTests {
  @Test func aClickSelectsARowThenAPaneThenAField() throws {
    var app = try AppDriver.demo().makeApp()
    // Film list at 150×30: the list pane starts at x 30, its first row is screen line 3.
    let list = run(&app, "Down Down Enter click:40,5 Enter", width: 150, height: 30)
    #expect(list.breadcrumb.hasSuffix("› AMBER BLUEPRINT"), "the third row was clicked:\n\(list)")
    let edit = run(&app, "e click:120,6", width: 150, height: 30)
    #expect(edit.contains(/│▌Release Year/), "the clicked field has focus:\n\(edit)")
  }

  @Test func aClickPressesADialogButton() throws {
    var app = try AppDriver.demo().makeApp()
    let asked = run(&app, "Down Down Enter d", width: 100, height: 30)
    let line = try #require(asked.lines.firstIndex { $0.contains("[ Cancel ]") })
    let x = try #require(asked.lines[line].range(of: "[ Cancel ]")).lowerBound.utf16Offset(in: asked.lines[line])
    let closed = run(&app, "click:\(x + 2),\(line)", width: 100, height: 30)
    #expect(!closed.contains("[ Cancel ]"), "Cancel was clicked:\n\(closed)")
  }
}

/// Help is always one key away and says so in the status bar, also in an editor (F1).
@Suite struct HelpKeyTests {
  @Test func f1OpensHelpFromAnEditorAndTheStatusBarSaysSo() throws {
    var app = try AppDriver.demo().makeApp()
    let editor = run(&app, "Down Down Enter Enter e", width: 150, height: 30)
    #expect(editor.statusBar.contains("F1 Help"), "\(editor.statusBar)")
    let help = run(&app, "F1", width: 150, height: 30)
    #expect(help.contains("Help · "), "\(help)")
    #expect(help.contains("Edit page"), "the editor's own keys are listed:\n\(help)")
  }
}
