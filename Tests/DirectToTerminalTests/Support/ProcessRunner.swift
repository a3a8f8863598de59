import Foundation
import TestSupport

/// Runs programs of the build and the repository's scripts from tests.
enum ProcessRunner {
  /// The `d2t` the test runner was built with: beside the test bundle, else in
  /// `.build/debug` of the checkout.
  static var d2tPath: String? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    var candidates: [String] = []
    for _ in 0..<3 {
      candidates.append(directory.appendingPathComponent("d2t").path)
      directory = directory.deletingLastPathComponent()
    }
    candidates.append(TestDatabases.repositoryRoot.appendingPathComponent(".build/debug/d2t").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static func isInstalled(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
  }

  /// Runs `executable` with `arguments`, stdin from /dev/null and a clean signal mask (a
  /// tmux server started under the test runner's blocked signals ignores `kill-server`);
  /// returns the exit status and everything it wrote.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let output = try TestDatabases.scratchDirectory().appendingPathComponent("output.txt").path
    let status = try runWithCleanSignals(executable, arguments, output: output)
    return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
  }
}
