import Foundation

/// Scratch databases are named `<prefix>_<pid>_<random>`; a test process that keeps one for
/// its whole run (a fixture made once) cannot drop it, so the next run drops those whose
/// process has ended.
enum ScratchName {
  /// The names among `names` made with `prefix` by a process that no longer runs.
  static func leftOver(_ names: [String], prefix: String) -> [String] {
    names.filter { name in
      guard name.hasPrefix(prefix + "_") else { return false }
      let parts = name.dropFirst(prefix.count + 1).split(separator: "_")
      guard parts.count == 2, let pid = Int32(parts[0]), pid != getpid() else { return false }
      return kill(pid, 0) != 0 && errno == ESRCH
    }
  }
}
