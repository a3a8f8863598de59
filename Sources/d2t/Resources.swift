import Foundation

/// Finds the repository's `Rules/` and `Themes/` from any working directory: beside the
/// executable or up to four folders above it (`.build/release/d2t` sits three below the
/// checkout), then `$D2T_HOME`, then the working directory.
enum Resources {
  static var roots: [String] {
    var roots: [String] = []
    if let home = ProcessInfo.processInfo.environment["D2T_HOME"] { roots.append(home) }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<5 {
      roots.append(directory.path)
      directory = directory.deletingLastPathComponent()
    }
    roots.append(FileManager.default.currentDirectoryPath)
    return roots
  }

  /// `relativePath` under the first root that has it.
  static func file(_ relativePath: String) -> String? {
    roots.map { ($0 as NSString).appendingPathComponent(relativePath) }
      .first { FileManager.default.fileExists(atPath: $0) }
  }

  /// Every existing `name` directory under the roots, first found first.
  static func directories(_ name: String) -> [String] {
    var isDirectory: ObjCBool = false
    return roots.map { ($0 as NSString).appendingPathComponent(name) }.filter {
      FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
    }
  }
}
