import Foundation

/// A persistent back-off per user name and connection: after five failed logins in a row
/// for a name, each further try must wait — 2, 4, 8 … 64 s from the last failure — and the
/// wait survives quitting d2t (it used to reset with every start). Names are kept only as
/// SHA-256 of the connection and the lower-cased name, so the file does not tell which
/// names were tried; a success clears the name's count. Unknown names are throttled the
/// same way, so the wait does not tell which names exist either.
public struct LoginThrottle: Sendable {
  /// The file (`$XDG_STATE_HOME/d2t/logins/failures.json`), written with mode 0600.
  public let file: URL

  public init(file: URL) { self.file = file }

  /// Failures in a row before tries wait.
  static let freeFailures = 5

  struct Entry: Codable, Equatable {
    var failures: Int
    /// Seconds since 1970 of the last failure.
    var last: Double
  }

  /// The key of a name on a connection: no name or connection is stored as text.
  static func key(connection: String, name: String) -> String {
    let digest = SystemCrypto.digest(Array((connection + "\u{0}" + name.lowercased()).utf8), .sha256) ?? []
    return digest.map { String(format: "%02x", $0) }.joined()
  }

  /// How long after `failures` failures the next try must wait.
  static func delay(afterFailures failures: Int) -> TimeInterval {
    guard failures >= freeFailures else { return 0 }
    return TimeInterval(1 << min(6, failures - freeFailures + 1))
  }

  /// The seconds the name must still wait at `now` (0: it may try).
  func wait(connection: String, name: String, now: Date) -> Int {
    guard let entry = load()[Self.key(connection: connection, name: name)] else { return 0 }
    let until = entry.last + Self.delay(afterFailures: entry.failures)
    return max(0, Int((until - now.timeIntervalSince1970).rounded(.up)))
  }

  /// Records a try's outcome: a failure counts, a success clears the count. Returns the
  /// failures in a row now.
  @discardableResult
  func record(connection: String, name: String, succeeded: Bool, now: Date) -> Int {
    var entries = load()
    let key = Self.key(connection: connection, name: name)
    if succeeded {
      entries[key] = nil
    } else {
      entries[key] = Entry(failures: (entries[key]?.failures ?? 0) + 1, last: now.timeIntervalSince1970)
    }
    // Entries long past their wait are dropped, so the file stays small.
    entries = entries.filter { now.timeIntervalSince1970 - $0.value.last < 86_400 }
    save(entries)
    return entries[key]?.failures ?? 0
  }

  private func load() -> [String: Entry] {
    guard let data = try? Data(contentsOf: file) else { return [:] }
    return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
  }

  private func save(_ entries: [String: Entry]) {
    let folder = file.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    guard let data = try? JSONEncoder().encode(entries) else { return }
    let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).part")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else { return }
    _ = rename(temporary.path, file.path)
  }
}
