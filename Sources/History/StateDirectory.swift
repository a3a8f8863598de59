import Foundation

/// Where d2t keeps per-connection state: `$XDG_STATE_HOME/d2t/<kind>/`, else
/// `~/.local/state/d2t/<kind>/`, created 0700.
public enum StateDirectory {
  /// The home directory: `$HOME` when it is an absolute path (as every tool on the system
  /// reads it, so `HOME=/tmp/h d2t` keeps its files there), else the passwd entry's.
  public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
  }

  /// The directory for `kind` (`history`, `journal`), from `environment`.
  public static func url(
    _ kind: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: URL
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = URL(fileURLWithPath: state)
    } else {
      base = URL(fileURLWithPath: home(environment: environment)).appendingPathComponent(".local/state")
    }
    return base.appendingPathComponent("d2t").appendingPathComponent(kind)
  }

  /// A file name for a connection id (`PostgreSQL postgres@host:5432/sakila`): its safe
  /// characters, shortened, plus a hash of the whole, so two ids never share a file.
  public static func fileName(for connectionID: String) -> String {
    let safe = String(
      connectionID.unicodeScalars.map { scalar in
        CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "._-".unicodeScalars.contains(scalar)
          ? Character(scalar) : "_"
      }.prefix(60))
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in connectionID.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return safe + "-" + String(hash, radix: 16)
  }

  /// Creates `directory` (0700) and returns the URL of `name` in it.
  public static func prepare(_ directory: URL, name: String) throws -> URL {
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return directory.appendingPathComponent(name)
  }

  /// Writes `data` to `url` with mode 0600, replacing it atomically.
  public static func writePrivate(_ data: Data, to url: URL) throws {
    let temporary = url.appendingPathExtension("tmp")
    guard
      FileManager.default.createFile(
        atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    guard rename(temporary.path, url.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  }
}
