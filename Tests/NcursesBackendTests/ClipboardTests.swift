import Foundation
import TestSupport
import TerminalCore
import Testing

/// Copying to the clipboard: the OSC 52 sequence, when tmux needs passthrough, the test
/// backend's record, and a real copy through tmux.
@Suite struct ClipboardTests {
  @Test func osc52CarriesTheTextAsBase64() {
    #expect(OSC52.sequence("Zoë") == "\u{1B}]52;c;Wm/Dqw==\u{07}")
    #expect(
      OSC52.sequence("a", tmuxPassthrough: true)
        == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;YQ==\u{07}\u{1B}\\")
  }

  @Test func passthroughOnlyInsideTmuxWithoutSetClipboard() {
    #expect(!OSC52.needsTmuxPassthrough(environment: [:], setClipboard: nil))
    #expect(!OSC52.needsTmuxPassthrough(environment: ["TMUX": "/tmp/t,1,0"], setClipboard: "on\n"))
    #expect(OSC52.needsTmuxPassthrough(environment: ["TMUX": "/tmp/t,1,0"], setClipboard: "external\n"))
  }

  @Test func testBackendRecordsCopies() {
    let backend = TestBackend(size: Size(width: 10, height: 2))
    let copy = backend.copyToClipboard("row\tvalues")
    #expect(copy.sentOSC52)
    #expect(backend.copiedTexts == ["row\tvalues"])
  }

  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func copyReachesTmuxWithSetClipboardOn() throws {
    try TmuxScript.expectPasses("tmux-clipboard", program: "d2t-termdemo")
  }
}
