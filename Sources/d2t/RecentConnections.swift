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

  /// The entries, newest first, each without a password (an entry written by an older
  /// d2t with one in its query is shown and kept without it).
  static func load() -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var seen = Set<String>()
    return text.split(separator: "\n").map { redacted(String($0)) }.filter { !$0.isEmpty && seen.insert($0).inserted }
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

  /// Connection parameters that are secrets: libpq's `password` and `sslpassword` (any
  /// case), wherever they are given.
  static func isSecret(_ name: String) -> Bool {
    let name = name.lowercased()
    return name == "password" || name == "sslpassword"
  }

  /// A URL without its password, in its user part or its query (`?password=…`,
  /// `&sslpassword=…`); a keyword string without `password=…`/`sslpassword = '…'`.
  static func redacted(_ connection: String) -> String {
    if connection.contains("://"), var url = URLComponents(string: connection) {
      url.password = nil
      if let items = url.queryItems {
        let kept = items.filter { !isSecret($0.name) }
        url.queryItems = kept.isEmpty ? nil : kept
      }
      return url.string ?? connection
    }
    return redactedKeywords(connection)
  }

  /// `host=db password = 'a b' user=x` → `host=db user=x`: libpq's keyword syntax, with
  /// spaces around `=` and single-quoted values with `\'` escapes.
  static func redactedKeywords(_ text: String) -> String {
    var kept: [String] = []
    var index = text.startIndex
    func skipSpaces() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
    while true {
      skipSpaces()
      guard index < text.endIndex else { break }
      let nameStart = index
      while index < text.endIndex, !text[index].isWhitespace, text[index] != "=" { index = text.index(after: index) }
      let name = String(text[nameStart..<index])
      skipSpaces()
      guard index < text.endIndex, text[index] == "=" else {
        kept.append(name)
        continue
      }
      index = text.index(after: index)
      skipSpaces()
      let valueStart = index
      if index < text.endIndex, text[index] == "'" {
        index = text.index(after: index)
        while index < text.endIndex, text[index] != "'" {
          if text[index] == "\\" { index = text.index(after: index) }
          if index < text.endIndex { index = text.index(after: index) }
        }
        if index < text.endIndex { index = text.index(after: index) }
      } else {
        while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
      }
      if !isSecret(name) { kept.append(name + "=" + text[valueStart..<index]) }
    }
    return kept.joined(separator: " ")
  }
}
