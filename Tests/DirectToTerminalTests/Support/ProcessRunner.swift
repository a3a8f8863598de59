import Foundation

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

  /// Runs `executable` with `arguments` and default signal handling (the test runner
  /// blocks or ignores some signals, and children would inherit that: a tmux server then
  /// ignores `kill-server`); returns the exit status and everything it wrote.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let outputPath = try TestDatabases.scratchDirectory().appendingPathComponent("output.txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { for string in argv + environment { free(string) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
    guard spawned == 0 else {
      throw TestSetupError("cannot run \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }
}
