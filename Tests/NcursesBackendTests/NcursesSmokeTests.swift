import Foundation
import ProcessTestSupport
import Glibc
import TerminalCore
import Testing

@testable import NcursesBackend

/// The one in-process ncurses test (ncurses is process-global, hence serialized): draws a
/// buffer with wide characters on a /dev/null terminal and reads the cells back.
@Suite(.serialized) struct NcursesSmokeTests {
  @Test func drawsChangedCellsThatReadBackLikeTheBuffer() throws {
    let backend = try NcursesBackend(
      term: "xterm-256color", input: fopen("/dev/null", "r"), output: fopen("/dev/null", "w"),
      options: .init(mouse: false, bracketedPaste: false, environment: [:]), interactive: false)
    defer { backend.close() }
    backend.resize(to: Size(width: 30, height: 3))
    let terminal = Terminal(backend: backend)
    terminal.draw { buffer in
      buffer.setString(
        "Films 日本語 Zoë", x: 0, y: 0, style: Style(foreground: .cyan, attributes: .bold))
      buffer.setString("e\u{301} 👨‍👩‍👧 ok", x: 1, y: 2)
    }
    #expect(backend.screenLines() == terminal.lastBuffer.lines)
    terminal.draw { buffer in
      buffer.setString(
        "Films 日本語 Zoë", x: 0, y: 0, style: Style(foreground: .cyan, attributes: .bold))
      buffer.setString("e\u{301} 👨‍👩‍👧 OK", x: 1, y: 2)
    }
    #expect(terminal.lastFrame.changedCells == 2)
    #expect(backend.screenLines()[2] == " é 👨👩👧 OK" + String(repeating: " ", count: 18))
  }

  @Test func scriptDrivenTmuxSmokeTest() throws {
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
    let binary =
      FileManager.default.isExecutableFile(atPath: besideTests)
      ? besideTests : root.appendingPathComponent(".build/debug/d2t-termdemo").path
    try #require(
      FileManager.default.isExecutableFile(atPath: binary), "build d2t-termdemo first: \(binary)")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "d2t-tmux-smoke-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let status = try runWithCleanSignals(
      root.appendingPathComponent("scripts/tmux-smoke.sh").path, [binary], output: log.path)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("tmux-smoke: all checks passed\n"))
  }
}
