import Foundation
import TerminalCore
import Testing

@testable import DirectToTerminal

/// A long session opens and closes thousands of pages: the database worker forgets each
/// closed page once its lanes have run past the page's work, so what it keeps does not grow
/// with the pages a session has seen (issue 28 item 3, the long session).
@Suite struct WorkerBookkeepingTests {
  @Test func closedPagesAreForgotten() throws {
    var app = try AppDriver.large().makeApp()
    let rounds = Array(repeating: "Down Enter Escape", count: 40).joined(separator: " ")
    let screen = D2TRunner.headless(
      &app, size: Size(width: 120, height: 30), script: D2TRunner.script("Enter " + rounds))
    let crumb = (screen.lines.first ?? "").trimmingCharacters(in: .whitespaces)
    #expect(crumb.hasSuffix("Item"), "back on the list: \(crumb)")
    #expect(app.worker.waitUntilIdle())
    #expect(
      app.worker.trackedPageCount <= 2, "40 inspectors opened and closed: \(app.worker.trackedPageCount) pages kept")
    app.shutDown()
  }
}
