import Access

/// A row chosen as a member of a new row, with its title for the field.
struct ChosenMember: Hashable, Sendable {
  var row: Row
  var title: String
}

/// A new row's many-to-many fields: members chosen before the row exists (`Space` picks
/// several), shown by title, cleared with Ctrl-N, and saved as join rows in the row's
/// transaction, each taking the row's generated key.
extension EditFeature {
  /// The join's attributes that point to the member and the member attributes they take
  /// (`actorId` ← `id`); nil unless the join table is nothing but the pair.
  static func memberJoins(_ relationship: Relationship, in session: Session) -> [Relationship.Join]? {
    guard relationship.isMembershipEditable, let join = relationship.flattenedThrough,
      relationship.throughPath.count == 2, let joinEntity = session.entity(named: join),
      let toMember = joinEntity[relationship: relationship.throughPath[1]]
    else { return nil }
    return toMember.joins
  }

  /// Rows chosen for a members field, each once.
  static func addPendingMembers(_ state: inout State, _ rows: [Row], to propertyKey: String, in session: Session) {
    guard let index = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
      let relationship = state.fields[index].relationship, let joins = memberJoins(relationship, in: session),
      let destination = session.entity(named: relationship.destination)
    else { return }
    let key = { (row: Row) in joins.map { row[$0.destination] ?? .null } }
    var field = state.fields[index]
    for row in rows where !field.pendingMembers.contains(where: { key($0.row) == key(row) }) {
      field.pendingMembers.append(
        ChosenMember(row: row, title: RecordTitle.title(of: row, entity: destination, limit: 30)))
    }
    field.error = nil
    state.fields[index] = field
    state.focus = index
  }

  /// Ctrl-N on a new row's members field: none chosen any more.
  static func clearPendingMembers(_ state: inout State) -> Bool {
    guard state.isNew, let field = state.focusedField, case .members = field.editor else { return false }
    state.fields[state.focus].pendingMembers = []
    return true
  }

  /// The join rows of a new row's chosen members, linked to the row inserted by the change
  /// at `owner`: (field index, member, change).
  static func memberChanges(
    _ state: State, owner: Int, in session: Session
  ) -> [(field: Int, member: Row, change: Change)] {
    guard state.isNew else { return [] }
    var changes: [(field: Int, member: Row, change: Change)] = []
    for (index, field) in state.fields.enumerated() where !field.pendingMembers.isEmpty {
      guard let relationship = field.relationship, let join = relationship.flattenedThrough,
        let joins = memberJoins(relationship, in: session)
      else { continue }
      // The relationship's joins go from the row to the join table (`id` → `filmId`).
      let links = Dictionary(
        uniqueKeysWithValues: relationship.joins.map {
          ($0.destination, Change.Link(change: owner, attribute: $0.source))
        })
      for member in field.pendingMembers {
        var values: [String: DatabaseValue] = [:]
        for link in joins { values[link.source] = member.row[link.destination] ?? .null }
        changes.append((index, member.row, .linked(.insert(entity: join, values: values), links: links)))
      }
    }
    return changes
  }
}
