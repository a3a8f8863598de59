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
    guard let (status, text) = try runTermDemoScript("tmux-smoke") else { return }
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("tmux-smoke: all checks passed\n"))
  }
}
