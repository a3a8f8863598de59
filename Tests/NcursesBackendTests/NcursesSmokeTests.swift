import Foundation
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

struct SpawnError: Error {
  let code: Int32
}

/// Runs a program with output to a file and an empty signal mask (test-runner threads
/// block signals, and children inherit that), and waits for it. Returns the exit status.
func runWithCleanSignals(_ path: String, _ arguments: [String], output: String) throws -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
  guard spawned == 0 else { throw SpawnError(code: spawned) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return (status >> 8) & 0xFF
}
