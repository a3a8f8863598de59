import Access

extension Session {
  /// The journal's record of a row a save just inserted: the insert of the values given
  /// (`given`, with the key the database chose), undone by deleting the row by that key;
  /// nil for a row without a key, which cannot be undone.
  func insertRecord(
    _ stored: Row, entity: Entity, given: Set<String>, title: String, group: String? = nil
  ) -> ChangeRecord? {
    let key = primaryKey(of: stored, entity: entity)
    guard !key.isEmpty else { return nil }
    // What was given, the key, and what the database filled in by default (a creation
    // time): a redo puts the row back as it was, not with new defaults. Never what the
    // database computes (generated columns, identity ALWAYS).
    let values = stored.dictionary.filter { name, _ in
      given.contains(name) || key[name] != nil
        || entity[attribute: name].map { !$0.isReadOnly && !$0.isGenerated } == true
    }
    return ChangeRecord(
      change: .insert(entity: entity.name, values: values),
      inverse: .delete(entity: entity.name, key: key, original: stored.dictionary), title: title, group: group)
  }
}
