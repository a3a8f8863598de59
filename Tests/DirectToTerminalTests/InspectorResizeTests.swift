import DirectToTerminal
import TerminalCore
import Testing

/// Issue 27 item 7: the inspector's scroll follows a resize: scrolled down in a short
/// terminal, it shows its first rows again once the terminal is tall enough, instead of
/// empty space below.
@Suite struct InspectorResizeTests {
  @Test func aTallerTerminalBringsTheFirstRowsBack() throws {
    var app = try AppDriver.demo().makeApp()
    defer { app.shutDown() }
    let short = run(&app, "Enter Enter G", width: 100, height: 10)
    #expect(!short.contains(/│.Id +\d/), "scrolled down, the first row is out of view:\n\(short)")
    let tall = run(&app, "", width: 100, height: 40)
    #expect(tall.contains(/│.First Name +[A-Z]/), "the first rows are back:\n\(tall)")
  }
}
