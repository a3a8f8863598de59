import Foundation

/// The connections opened lately, newest first, in `$XDG_STATE_HOME/d2t/recent`
/// (`~/.local/state/d2t/recent`), one a line, never with a password.
enum RecentConnections {
  static let limit = 10

  static var path: String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/state")
    return (base as NSString).appendingPathComponent("d2t/recent")
  }

  static func load() -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Puts `connection` first (without its password); failures to write are ignored.
  static func record(_ connection: String) {
    let entry = redacted(connection)
    let entries = [entry] + load().filter { $0 != entry }
    let directory = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data((entries.prefix(limit).joined(separator: "\n") + "\n").utf8),
      attributes: [.posixPermissions: 0o600])
  }

  /// A URL without its password, a keyword string without `password=…`.
  static func redacted(_ connection: String) -> String {
    if connection.contains("://"), var url = URLComponents(string: connection) {
      url.password = nil
      return url.string ?? connection
    }
    return connection.split(separator: " ").filter { !$0.lowercased().hasPrefix("password=") }.joined(separator: " ")
  }
}
