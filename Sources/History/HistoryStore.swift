import Foundation

/// A connection's `History` on disk: `$XDG_STATE_HOME/d2t/history/<connection>` as JSON
/// Lines (`{"kind":"filter","text":"…"}`), mode 0600, rewritten whole on each add (it is
/// small: `History.limit` entries per kind).
///
///     let store = HistoryStore(connectionID: database.adaptor.displayName)
///     var history = store.load()
///     if history.add("lastName like 'S*'", kind: .filter) { try store.save(history) }
///
/// The connection id should be `Adaptor.displayName`, which never holds a password.
public struct HistoryStore: Sendable {
  public let url: URL

  public init(connectionID: String, directory: URL = StateDirectory.url("history")) {
    url = directory.appendingPathComponent(StateDirectory.fileName(for: connectionID))
  }

  /// The stored history; empty when there is none or it cannot be read. Lines that do not
  /// decode are skipped, and entries that mention secrets are dropped again.
  public func load(limit: Int = 500) -> History {
    guard let data = try? Data(contentsOf: url) else { return History(limit: limit) }
    let decoder = JSONDecoder()
    let entries = data.split(separator: UInt8(ascii: "\n")).compactMap { line in
      try? decoder.decode(HistoryEntry.self, from: Data(line))
    }
    return History(entries: entries, limit: limit)
  }

  /// Writes `history` (0600, atomically).
  public func save(_ history: History) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = Data()
    for entry in history.entries {
      data.append(try encoder.encode(entry))
      data.append(UInt8(ascii: "\n"))
    }
    _ = try StateDirectory.prepare(url.deletingLastPathComponent(), name: url.lastPathComponent)
    try StateDirectory.writePrivate(data, to: url)
  }
}
