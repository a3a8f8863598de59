import Glibc

/// `posix_spawn` failed with this error number.
public struct SpawnError: Error {
  public let code: Int32
}

/// Runs a program with output to a file and an empty signal mask (test-runner threads
/// block signals, and children inherit that), and waits for it. Returns the exit status.
public func runWithCleanSignals(_ path: String, _ arguments: [String], output: String) throws -> Int32 {
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
