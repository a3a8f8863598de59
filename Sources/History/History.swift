import Foundation

/// What a history entry was typed as; each kind is recalled on its own.
public enum HistoryKind: String, Codable, CaseIterable, Hashable, Sendable {
  /// A search typed into a list (`/`).
  case search
  /// A qualifier typed as a filter (`\`).
  case filter
  /// A statement run in the SQL console (`:`).
  case statement
  /// The format marked rows were last copied in (`Y` with marks: tsv, csv, json, markdown).
  case copyFormat
}

/// One remembered entry.
public struct HistoryEntry: Codable, Hashable, Sendable {
  public var kind: HistoryKind
  public var text: String

  public init(kind: HistoryKind, text: String) {
    self.kind = kind
    self.text = text
  }
}

/// The searches, filters and console statements of one connection: newest last, no
/// duplicates (typing an entry again moves it to the end), at most `limit` entries per
/// kind, never anything that may hold a secret.
public struct History: Hashable, Sendable {
  public private(set) var entries: [HistoryEntry]
  public let limit: Int

  public init(entries: [HistoryEntry] = [], limit: Int = 500) {
    self.entries = []
    self.limit = limit
    for entry in entries { _ = add(entry.text, kind: entry.kind) }
  }

  /// Remembers `text` unless it is blank, `isSensitive` (the caller knows it is the value
  /// of a password-like column), or it compares or assigns a password-like name
  /// (`SensitiveText`). Returns whether it was stored.
  @discardableResult
  public mutating func add(_ text: String, kind: HistoryKind, isSensitive: Bool = false) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !isSensitive, !SensitiveText.mentionsSecret(trimmed) else {
      return false
    }
    entries.removeAll { $0.kind == kind && $0.text == trimmed }
    entries.append(HistoryEntry(kind: kind, text: trimmed))
    let ofKind = entries.filter { $0.kind == kind }.count
    if ofKind > limit, let oldest = entries.firstIndex(where: { $0.kind == kind }) {
      entries.remove(at: oldest)
    }
    return true
  }

  /// The texts of one kind, oldest first.
  public func texts(_ kind: HistoryKind) -> [String] {
    entries.filter { $0.kind == kind }.map(\.text)
  }
}
