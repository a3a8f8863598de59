import Foundation
import TestSupport
import Testing

/// Runs one of the tmux end-to-end scripts on the built d2t and expects every check to
/// pass; skips where tmux or sqlite3 is missing, except on CI.
enum TmuxScript {
  static func run(_ name: String) throws {
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
    let binary =
      FileManager.default.isExecutableFile(atPath: besideTests)
      ? besideTests : root.appendingPathComponent(".build/debug/d2t").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build d2t first: \(binary)")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-\(name)-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let status = try runWithCleanSignals(
      "/bin/bash", [root.appendingPathComponent("scripts/\(name).sh").path, binary], output: log.path)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(status == 0, "\(text)")
    #expect(text.hasSuffix("\(name): all checks passed\n"), "\(text)")
  }
}
