import Access

extension Session {
  /// What a refusal means, in words, for the entity being changed.
  func explain(_ failure: SaveFailure, entity: Entity, deleting: Bool = false) -> String {
    switch failure {
    case .conflict(let conflict) where conflict.rowsInConflict != nil:
      let rows = conflict.rowsInConflict ?? 1
      let key = conflict.key.keys.sorted().compactMap { conflict.key[$0]?.plainText }.joined(separator: ", ")
      let first =
        conflict.isDeleted
        ? "deleted"
        : "changed " + conflict.fields.map { label(of: $0.attribute, in: entity) }.joined(separator: ", ")
      return "Not saved: someone else changed or deleted \(rows == 1 ? "a row" : "\(rows) rows") since "
        + "(the first, \(entity.displayName) \(key): \(first)); nothing was written"
    case .conflict(let conflict):
      return conflict.isDeleted
        ? "Not saved: this row was deleted by someone else"
        : "Not saved: someone else changed "
          + conflict.fields.map { label(of: $0.attribute, in: entity) }
          .joined(separator: ", ")
    case .other(let message):
      return "Not saved: " + message
    case .refused(let error):
      switch error.kind {
      case .constraint(let violation):
        let column = violation.column.flatMap { entity.attribute(forColumn: $0)?.name }
          .map { label(of: $0, in: entity) }
        let name = violation.constraint.map { " (\($0))" } ?? ""
        switch violation.kind {
        case .notNull: return "Not saved: \(column ?? "a field") must have a value"
        case .unique: return "Not saved: another row already has this \(column ?? "value")\(name)"
        case .check: return "Not saved: a check constraint refused the values\(name)"
        case .foreignKey where deleting:
          let toMany = entity.relationships.filter { $0.isInverse && $0.flattenedThrough == nil }
          let named = toMany.filter { $0.constraintName != nil && $0.constraintName == violation.constraint }
          let referrers = (named.isEmpty ? toMany : named).map(\.displayName).joined(separator: ", ")
          return "Cannot delete this \(entity.displayName): rows in \(referrers) still refer to it\(name); "
            + "delete or change them first"
        case .foreignKey: return "Not saved: a related row does not exist\(name)"
        case .other: return "Not saved: " + error.message
        }
      case .permission: return "The database refused the change: " + error.message
      case .connectionLost:
        // A server connection comes back in the background; a SQLite file that is gone stays gone.
        let retry = dialect != .sqlite ? ", save again once it is back" : ""
        return "Not saved: \(error.message); your input is kept" + retry
      case .cancelled: return "Cancelled; nothing was saved"
      default:
        // The adaptor's own "not saved: …" (MySQL's warnings) is not said twice.
        let reason = error.message.hasPrefix("not saved: ") ? String(error.message.dropFirst(11)) : error.message
        return "Not saved: " + reason
      }
    }
  }
}
