import Foundation
import Testing

/// The real binary in a real terminal: edit a film's rating with the picker in tmux, save,
/// and check the row (scripts/tmux-edit-e2e.sh).
@Suite(.serialized) struct TmuxEditTests {
  @Test func editsARatingWithThePickerInTmux() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let hasTools = ["tmux", "sqlite3"].allSatisfy { tool in
      ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }
    if !hasTools {
      try #require(ProcessInfo.processInfo.environment["CI"] != "true", "tmux and sqlite3 are required on CI")
      return
    }
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("d2t").path
    let binary = FileManager.default.isExecutableFile(atPath: besideTests)
      ? besideTests : root.appendingPathComponent(".build/debug/d2t").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build d2t first: \(binary)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent("scripts/tmux-edit-e2e.sh").path, binary]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.hasSuffix("tmux-edit-e2e: all checks passed\n"), "\(text)")
  }
}
