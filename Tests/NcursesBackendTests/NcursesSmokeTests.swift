import Foundation
import TestSupport
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

  /// The cursor keys a terminal sends before keypad mode is on (`ESC [ B`; terminfo names
  /// `ESC O B`), as keys typed while d2t starts arrive: read as the keys, not as Esc and
  /// letters; the keypad forms still read as before.
  @Test func cursorKeysOfEitherModeReadAsTheKeys() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-keys-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("\u{1B}[B\u{1B}[A\u{1B}[C\u{1B}[D\u{1B}OBj\r".utf8).write(to: URL(fileURLWithPath: path))
    let backend = try NcursesBackend(
      term: "xterm-256color", input: fopen(path, "r"), output: fopen("/dev/null", "w"),
      options: .init(mouse: false, bracketedPaste: false, environment: [:]), interactive: false)
    defer { backend.close() }
    var events: [InputEvent] = []
    for _ in 0..<20 where events.count < 7 {
      events += (try? backend.readEvents(timeout: .milliseconds(50))) ?? []
    }
    let keys = events.compactMap { event -> Key? in
      if case .key(let key) = event { return key.key }
      return nil
    }
    #expect(keys == [.down, .up, .right, .left, .down, .character("j"), .enter], "\(events)")
  }

  /// Controls from data drawn through ncurses: the bytes written to the terminal hold no
  /// control of theirs (no BEL, NUL, OSC, C1 or bidi override), only their pictures; every
  /// other byte below 0x20 belongs to an escape sequence of ncurses' own.
  @Test func controlCharactersFromDataNeverReachTheTerminal() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-ncurses-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = try #require(fopen(path, "w"))
    let backend = try NcursesBackend(
      term: "xterm-256color", input: fopen("/dev/null", "r"), output: output,
      options: .init(mouse: false, bracketedPaste: false, environment: [:]), interactive: false)
    backend.resize(to: Size(width: 40, height: 3))
    let terminal = Terminal(backend: backend)
    let hostile = "\u{1B}]0;pwned\u{07}\u{0}\u{9B}2J\u{202E}\u{FEFF}x\u{85}\u{7F}\r\n"
    terminal.draw { buffer in buffer.setString(hostile, x: 0, y: 1) }
    #expect(backend.screenLines()[1].hasPrefix("␛]0;pwned␇␀␦2J␦␦x␦␡␍␊"), "\(backend.screenLines())")
    backend.close()
    fflush(output)
    fclose(output)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("␛]0;pwned␇␀␦2J␦␦x␦␡␍␊"), "the pictures reach the terminal in one run")
    #expect(!bytes.contains(0x07) && !bytes.contains(0x00), "no BEL, no NUL")
    #expect(!text.contains("\u{1B}]"), "no OSC")
    #expect(
      !text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0.value == 0x202E || $0.value == 0xFEFF },
      "no C1 control, bidi override or BOM")
    let outsideSequences = text.replacing(/\x1B(\[[0-?]*[ -\/]*[@-~]|[()][0-9A-B]|[=>78cM])/, with: "")
    let controls = outsideSequences.unicodeScalars.filter {
      $0.value < 0x20 && $0 != "\r" && $0 != "\n" && $0 != "\u{8}"
    }
    #expect(controls.isEmpty, "only ncurses' own sequences, CR, LF and BS: \(controls.map(\.value))")
  }

  @Test(.enabled(if: TmuxScript.canRun(), TmuxScript.skipReason))
  func scriptDrivenTmuxSmokeTest() throws {
    try TmuxScript.expectPasses("tmux-smoke", program: "d2t-termdemo")
  }
}
