import Foundation
import Testing

/// The tmux end-to-end scripts (`scripts/<name>.sh PROGRAM`): a real terminal, real keys,
/// the screen read back. Where a tool they need is missing they are skipped, except on CI,
/// where that fails the test.
public enum TmuxScript {
  /// Whether the scripts can run here: tmux (and `tools`) are installed, or CI requires them.
  public static func canRun(needing tools: [String] = []) -> Bool {
    PostgresTests.isCI || (["tmux"] + tools).allSatisfy(ProcessRunner.isInstalled)
  }

  /// Why they are skipped when they are.
  public static let skipReason: Comment = "tmux is not installed (CI always runs the tmux tests)"

  /// Runs `scripts/<name>.sh` on the built `program` (and `arguments`), and expects its
  /// exit status 0 and its last line `<name>: all checks passed`.
  public static func expectPasses(
    _ name: String, program: String = "d2t", arguments: [String] = [], needing tools: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for tool in ["tmux"] + tools {
      try #require(ProcessRunner.isInstalled(tool), "\(tool) is required", sourceLocation: sourceLocation)
    }
    let binary = try #require(
      ProcessRunner.builtProgram(program), "build \(program) first", sourceLocation: sourceLocation)
    let result = try ProcessRunner.run("/bin/bash", [Repository.path("scripts/\(name).sh"), binary] + arguments)
    #expect(result.status == 0, "scripts/\(name).sh failed:\n\(result.output)", sourceLocation: sourceLocation)
    #expect(
      result.output.hasSuffix("\(name): all checks passed\n") || result.output.contains("\(name): all checks passed"),
      "\(result.output)", sourceLocation: sourceLocation)
  }
}
