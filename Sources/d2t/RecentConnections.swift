import Foundation
import History
import PostgreSQLAdaptor

/// The connections opened lately, newest first, in `$XDG_STATE_HOME/d2t/recent`
/// (`~/.local/state/d2t/recent`), one a line, never with a password.
enum RecentConnections {
  static let limit = 10

  static var path: String {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (StateDirectory.home(environment: environment) as NSString).appendingPathComponent(".local/state")
    return (base as NSString).appendingPathComponent("d2t/recent")
  }

  /// The entries, newest first, each without a password (an entry written by an older
  /// d2t with one in its query is shown and kept without it).
  static func load() -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var seen = Set<String>()
    return text.split(separator: "\n").map { redacted(String($0)) }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// Puts `connection` first (without its password); failures to write are ignored, and
  /// so is a connection string nothing can be kept of safely.
  static func record(_ connection: String) {
    let entry = redacted(absolute(connection))
    guard !entry.isEmpty else { return }
    let entries = [entry] + load().filter { $0 != entry }
    let directory = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data((entries.prefix(limit).joined(separator: "\n") + "\n").utf8),
      attributes: [.posixPermissions: 0o600])
  }

  /// A SQLite file named relative to the working directory as an absolute path
  /// (`chinook.db`, `file:chinook.db?mode=ro`), so the picker opens it from any folder;
  /// anything else as it is.
  static func absolute(
    _ connection: String, in directory: String = FileManager.default.currentDirectoryPath
  )
    -> String
  {
    guard case .sqlite(let path)? = try? DatabaseArgument(connection) else { return connection }
    let isURI = path.lowercased().hasPrefix("file:")
    let file = isURI ? String(path.dropFirst("file:".count)) : path
    guard !file.hasPrefix("/"), !file.isEmpty, !file.hasPrefix(":memory:") else { return connection }
    let absolute = (directory as NSString).appendingPathComponent(file)
    return isURI ? "file:" + absolute : absolute
  }

  /// A URL without its password, in its user part or its query (`?password=…`,
  /// `&sslpassword=…`, any case); a file path as it is; a keyword string as libpq reads it,
  /// without `password`/`sslpassword` (empty when libpq cannot read it).
  /// Whether `connection` spells out a password (in a URL's user part, a `password=`
  /// option or keyword).
  static func holdsPassword(_ connection: String) -> Bool {
    if connection.contains("://"), let url = URLComponents(string: connection) {
      return url.password?.isEmpty == false
        || (url.queryItems ?? []).contains { ["password", "sslpassword"].contains($0.name.lowercased()) }
    }
    return connection.contains(/(^|\s)password\s*=/)
  }

  static func redacted(_ connection: String) -> String {
    if case .sqlite? = try? DatabaseArgument(connection) { return connection }
    if connection.contains("://"), var url = URLComponents(string: connection) {
      url.password = nil
      if let items = url.queryItems {
        let kept = items.filter { !["password", "sslpassword"].contains($0.name.lowercased()) }
        url.queryItems = kept.isEmpty ? nil : kept
      }
      return url.string ?? connection
    }
    guard connection.contains("="), !FileManager.default.fileExists(atPath: connection) else { return connection }
    return PostgreSQLAdaptor.redactedKeywordString(connection) ?? ""
  }
}
