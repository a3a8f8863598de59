import Foundation

/// Runs programs of the build and the repository's scripts from tests.
public enum ProcessRunner {
  /// A program of this build (`d2t`, `d2t-termdemo`): beside the test bundle, else in
  /// `.build/debug` of the checkout.
  public static func builtProgram(_ name: String) -> String? {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    var candidates: [String] = []
    for _ in 0..<3 {
      candidates.append(directory.appendingPathComponent(name).path)
      directory = directory.deletingLastPathComponent()
    }
    candidates.append(Repository.path(".build/debug/\(name)"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The `d2t` the test runner was built with.
  public static var d2tPath: String? { builtProgram("d2t") }

  /// Whether `program` is on the `PATH`.
  public static func isInstalled(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
  }

  /// Runs `executable` with `arguments`, stdin from /dev/null and a clean signal mask (a
  /// tmux server started under the test runner's blocked signals ignores `kill-server`);
  /// returns the exit status and everything it wrote.
  public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let directory = try Repository.scratchDirectory("d2t-run")
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("output.txt").path
    let status = try runWithCleanSignals(executable, arguments, output: output)
    return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
  }
}
