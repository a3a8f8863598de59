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
    let values = stored.dictionary.filter { given.contains($0.key) || key[$0.key] != nil }
    return ChangeRecord(
      change: .insert(entity: entity.name, values: values),
      inverse: .delete(entity: entity.name, key: key, original: stored.dictionary), title: title, group: group)
  }
}
