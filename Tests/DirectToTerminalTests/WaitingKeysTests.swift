import Foundation
import TerminalCore
import Testing

@testable import DirectToTerminal

/// Keys that act on the data wait while the page loads it and apply once it is in; the
/// status bar says so. Without it a `q` typed after `c` on a slow server looked ignored,
/// then went into the cell editor `c` opened when the rows came (a new user's walk).
@Suite struct WaitingKeysTests {
  @Test func theStatusBarSaysKeysWaitAndEscDropsThem() throws {
    var app = try AppDriver.large().makeApp()
    defer { app.shutDown() }
    app.setScreenSize(Size(width: 100, height: 20))
    _ = app.update(.key(KeyEvent(.enter)))
    // As `handle` keeps them while the list's first rows are out (set here: on this local
    // file the rows may be in before the next key).
    app.state.pendingKeys = [.char("c"), .char("q")]
    var buffer = Buffer(size: Size(width: 100, height: 20))
    app.view(into: &buffer)
    let status = Screen(buffer).statusBar
    #expect(status.contains("2 keys wait for the data: applied once it is in"), "\(status)")
    #expect(status.contains("Esc Drop and cancel"), "\(status)")
    _ = app.update(.key(KeyEvent(.escape)))
    #expect(app.state.pendingKeys.isEmpty)
    var after = Buffer(size: Size(width: 100, height: 20))
    app.view(into: &after)
    #expect(!Screen(after).statusBar.contains("wait for the data"))
  }
}
