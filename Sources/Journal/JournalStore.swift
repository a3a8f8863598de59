import Foundation
import History

/// A connection's journal on disk: `$XDG_STATE_HOME/d2t/journal/<connection>` as JSON
/// Lines, one `JournalEntry` per line (undo and redo steps included, marked by `step`),
/// appended as changes are applied; file 0600, directory 0700. Kept only when a rule or
/// the configuration enables it: without a store the journal lives for the session.
public struct JournalStore: Sendable {
  public let url: URL

  /// `connectionID` is `Adaptor.connectionID`.
  public init(connectionID: String, directory: URL = StateDirectory.url("journal")) {
    url = directory.appendingPathComponent(StateDirectory.fileName(for: connectionID))
  }

  /// Appends one entry.
  public func append(_ entry: JournalEntry) throws {
    var line = try Self.encoder.encode(entry)
    line.append(UInt8(ascii: "\n"))
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    if !FileManager.default.fileExists(atPath: url.path) {
      _ = FileManager.default.createFile(
        atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: line)
  }

  /// The entries recorded at or after `since`, oldest first; lines that do not decode are
  /// skipped.
  public func load(since: Date? = nil) -> [JournalEntry] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
      guard let entry = try? Self.decoder.decode(JournalEntry.self, from: Data(line)) else {
        return nil
      }
      if let since, entry.time < since { return nil }
      return entry
    }
  }

  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()

  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  /// One entry as the JSON line the store writes (without the newline).
  public static func jsonLine(_ entry: JournalEntry) throws -> String {
    String(decoding: try encoder.encode(entry), as: UTF8.self)
  }
}
