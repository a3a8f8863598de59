import Access
import TerminalCore

extension Session {
  /// The description of a property from the catalog (PostgreSQL `COMMENT ON COLUMN`) on
  /// one terminal-safe line: an attribute's own, a to-one's from its key columns.
  func propertyDescription(_ key: String, in entity: Entity) -> String? {
    if let attribute = entity[attribute: key] { return attribute.comment.flatMap(Self.oneLine) }
    guard let relationship = entity[relationship: key], !relationship.isInverse else { return nil }
    let comments = relationship.joins.compactMap { entity[attribute: $0.source]?.comment }
    return comments.isEmpty ? nil : Self.oneLine(comments.joined(separator: "; "))
  }

  /// The entity's description (PostgreSQL `COMMENT ON TABLE`) on one terminal-safe line.
  func entityDescription(_ entity: Entity) -> String? {
    entity.comment.flatMap(Self.oneLine)
  }

  /// Whether any property or the entity itself has a description (pages keep a line for it).
  func hasDescriptions(_ entity: Entity) -> Bool {
    entity.comment != nil || entity.attributes.contains { $0.comment != nil }
  }

  /// Runs of white space (line breaks, tabs) as one space; nil when nothing is left.
  static func oneLine(_ text: String) -> String? {
    let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
    return words.isEmpty ? nil : words.joined(separator: " ").terminalSafe
  }
}
