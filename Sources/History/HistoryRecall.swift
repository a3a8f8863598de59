import Foundation

/// ↑/↓ through the entries of one kind, as a line editor drives it: the text being typed
/// is kept as a draft and comes back after the newest entry.
///
///     var recall = HistoryRecall(entries: history.texts(.filter))
///     line = recall.previous(current: line) ?? line   // ↑
///     line = recall.next() ?? line                     // ↓
public struct HistoryRecall: Hashable, Sendable {
  public let entries: [String]
  /// The entry shown, nil while editing the draft.
  public private(set) var index: Int?
  public private(set) var draft = ""

  public init(entries: [String]) {
    self.entries = entries
  }

  /// The entry before the one shown (from the draft: the newest); nil at the oldest.
  public mutating func previous(current: String) -> String? {
    if index == nil { draft = current }
    let target = (index ?? entries.count) - 1
    guard target >= 0, target < entries.count else { return nil }
    index = target
    return entries[target]
  }

  /// The entry after the one shown, or the draft after the newest; nil on the draft.
  public mutating func next() -> String? {
    guard let index else { return nil }
    if index + 1 < entries.count {
      self.index = index + 1
      return entries[index + 1]
    }
    self.index = nil
    return draft
  }
}

/// Ctrl-R reverse incremental search: each typed character narrows to the newest entry
/// containing the query (case-insensitive); Ctrl-R again goes to the next older match.
///
/// Each search is linear in the length of the entries plus the query (`CaseInsensitiveText`),
/// so a long pasted query over long entries answers at once.
public struct ReverseSearch: Hashable, Sendable {
  public let entries: [String]
  /// The entries lowercased, searched in place of `entries`.
  private let folded: [CaseInsensitiveText]
  public private(set) var query = ""
  /// The index of the matching entry, nil when nothing matches.
  public private(set) var matchIndex: Int?

  public init(entries: [String]) {
    self.entries = entries
    folded = entries.map(CaseInsensitiveText.init)
    matchIndex = entries.indices.last
  }

  /// The matching entry, to show and accept with Enter.
  public var match: String? { matchIndex.map { entries[$0] } }

  /// Appends to the query and searches again from the newest entry.
  public mutating func type(_ text: String) {
    query += text
    matchIndex = search(before: entries.count)
  }

  /// Removes the last character of the query and searches again from the newest entry.
  public mutating func backspace() {
    guard !query.isEmpty else { return }
    query.removeLast()
    matchIndex = search(before: entries.count)
  }

  /// Ctrl-R again: the next older entry matching the query; stays on the current one when
  /// there is none.
  public mutating func older() {
    guard let current = matchIndex, let older = search(before: current) else { return }
    matchIndex = older
  }

  private func search(before end: Int) -> Int? {
    guard !query.isEmpty else { return entries.indices.last.flatMap { $0 < end ? $0 : nil } }
    let needle = CaseInsensitiveText.Needle(query)
    var index = end - 1
    while index >= 0 {
      if folded[index].contains(needle) { return index }
      index -= 1
    }
    return nil
  }
}
