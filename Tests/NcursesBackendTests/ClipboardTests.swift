import Foundation
import ProcessTestSupport
import TerminalCore
import Testing

/// Copying to the clipboard: the OSC 52 sequence, when tmux needs passthrough, the test
/// backend's record, and a real copy through tmux.
@Suite struct ClipboardTests {
  @Test func osc52CarriesTheTextAsBase64() {
    #expect(OSC52.sequence("Zoë") == "\u{1B}]52;c;Wm/Dqw==\u{07}")
    #expect(OSC52.sequence("a", tmuxPassthrough: true)
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

  @Test func copyReachesTmuxWithSetClipboardOn() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let hasTmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    if !hasTmux {
      try #require(ProcessInfo.processInfo.environment["CI"] != "true", "tmux is required on CI")
      return
    }
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("d2t-termdemo").path
    let binary = FileManager.default.isExecutableFile(atPath: besideTests)
      ? besideTests : root.appendingPathComponent(".build/debug/d2t-termdemo").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build d2t-termdemo first")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-clip-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let status = try runWithCleanSignals(
      root.appendingPathComponent("scripts/tmux-clipboard.sh").path, [binary], output: log.path)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("tmux-clipboard: all checks passed\n"), "\(text)")
  }
}
