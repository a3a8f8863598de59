import Access

/// The rows of a to-many edited on the parent's edit page (`inlineRelationshipKeys`: an
/// invoice's lines): those read, those added, changed and removed, all saved with the
/// parent in one transaction.
struct InlineLines: Hashable, Sendable {
  struct Line: Hashable, Sendable {
    /// The stored row's primary key; nil for a line added here.
    var key: [String: DatabaseValue]?
    /// The row as read (empty for a new line).
    var original: [String: DatabaseValue] = [:]
    /// What the user gave: every value of a new line, the changed ones of a read line.
    var values: [String: DatabaseValue] = [:]
    var title: String
    var isRemoved = false
    /// The database refused this line in the last save (marked `⚠` until the next one).
    var isRefused = false

    var isNew: Bool { key == nil }
    var isChanged: Bool { isNew || !values.isEmpty || isRemoved }
  }

  var lines: [Line] = []
  var selected = 0
  /// The stored lines were read (a new parent has none to read).
  var isLoaded = false

  var hasChanges: Bool { lines.contains(where: \.isChanged) }

  /// `new`, `changed` and `removed` counts, for the field's summary.
  var summary: String {
    let new = lines.filter { $0.isNew && !$0.isRemoved }.count
    let changed = lines.filter { !$0.isNew && !$0.values.isEmpty && !$0.isRemoved }.count
    let removed = lines.filter { !$0.isNew && $0.isRemoved }.count
    let count = lines.filter { !($0.isNew && $0.isRemoved) }.count
    var parts = ["\(count) line\(count == 1 ? "" : "s")"]
    if new > 0 { parts.append("\(new) new") }
    if changed > 0 { parts.append("\(changed) changed") }
    if removed > 0 { parts.append("\(removed) removed") }
    return parts.joined(separator: " · ")
  }
}
