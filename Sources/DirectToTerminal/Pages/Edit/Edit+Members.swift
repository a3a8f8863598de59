import Access
import Qualifiers

/// A row chosen as a member on the edit page, with its title for the field.
struct ChosenMember: Hashable, Sendable {
  var row: Row
  var title: String
}

/// A member taken out on the edit page: its join row, deleted with the save.
struct RemovedMember: Hashable, Sendable {
  var title: String
  var key: [String: DatabaseValue]
  var joinRow: [String: DatabaseValue]
}

/// The many-to-many fields of the edit page, part of its editing context: Enter chooses
/// members to add (`Space` picks several; rows already members are not offered), `d` members
/// to take out; both are shown by title and saved with the row in its transaction — a new
/// row's join rows taking its generated key — and undone with it. Ctrl-N forgets them.
extension EditFeature {
  /// The chooser's field key for members to take out (`-actors`).
  static let removalPrefix = "-"

  /// The join's attributes that point to the member and the member attributes they take
  /// (`actorId` ← `id`); nil unless the join table is nothing but the pair.
  static func memberJoins(_ relationship: Relationship, in session: Session) -> [Relationship.Join]? {
    Membership.memberJoins(of: relationship, in: session.model)
  }

  /// Enter (`removing` false) or `d` on a many-to-many field: a chooser of the rows that are
  /// not members (or, to take out, of those that are).
  static func chooseMembers(
    _ state: inout State, field: EditField, removing: Bool, in session: Session
  ) -> Effect<Action> {
    guard let relationship = field.relationship, let entity = session.entity(named: state.entityName) else {
      return .none
    }
    guard let joins = memberJoins(relationship, in: session) else {
      state.message = "\(field.label): its join table has columns of its own; its members are edited there"
      return .none
    }
    if let refusal = session.editRefusal(entity, row: state.isNew ? nil : Row(state.seen)) {
      state.message = refusal
      return .none
    }
    if removing && state.isNew {
      state.message = "\(field.label): a new row has no members yet (Ctrl-N forgets those chosen)"
      return .none
    }
    let members: Qualifier? =
      state.isNew ? nil : .related(by: relationship.joins, through: relationship.destinationPath, to: Row(state.seen))
    let chooser = SelectRequest(
      page: state.id, propertyKey: (removing ? removalPrefix : "") + field.propertyKey, allowsNull: false,
      destinationKeys: joins.map(\.destination), allowsMany: true)
    return .command(
      .open(
        PageRequest(
          task: .select, entityName: relationship.destination,
          baseQualifier: removing ? members : members.map { .not($0) },
          crumb: (removing ? "Take out of " : "Add to ") + field.label, detail: chooser),
        from: state.id))
  }

  /// Rows chosen for a members field, each once (one taken out before is put back).
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

  /// Members chosen to take out: their join rows are read (their keys are what a delete
  /// names).
  static func readJoinRows(
    _ state: inout State, _ rows: [Row], of propertyKey: String, in session: Session
  ) -> Effect<Action> {
    guard let relationship = state.fields.first(where: { $0.propertyKey == propertyKey })?.relationship,
      let entity = session.entity(named: state.entityName),
      let membership = Membership(relationship, of: Row(state.seen), entity: entity, model: session.model)
    else { return .none }
    let spec = FetchSpecification(entityName: membership.joinEntity, qualifier: .or(rows.map(membership.joinQualifier)))
    return .fetch(spec) { .joinRowsRead(propertyKey, rows, $0) }
  }

  static func joinRowsRead(
    _ state: inout State, _ propertyKey: String, _ rows: [Row], _ result: Result<FetchResult, WorkError>,
    in session: Session
  ) {
    guard let index = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
      let relationship = state.fields[index].relationship, let joins = memberJoins(relationship, in: session),
      let join = relationship.flattenedThrough.flatMap(session.entity(named:)),
      let destination = session.entity(named: relationship.destination)
    else { return }
    let members = rows.map { ChosenMember(row: $0, title: RecordTitle.title(of: $0, entity: destination, limit: 30)) }
    guard case .success(let page) = result else {
      if case .failure(let error) = result { state.message = "\(state.fields[index].label): " + error.message }
      return
    }
    var field = state.fields[index]
    for row in page.rows {
      let values = joins.map { row[$0.source] ?? .null }
      guard let member = members.first(where: { member in joins.map { member.row[$0.destination] ?? .null } == values })
      else { continue }
      let key = join.primaryKey.isEmpty ? row.dictionary : session.primaryKey(of: row, entity: join)
      guard !field.removedMembers.contains(where: { $0.key == key }) else { continue }
      field.removedMembers.append(RemovedMember(title: member.title, key: key, joinRow: row.dictionary))
    }
    state.fields[index] = field
    state.focus = index
  }

  /// Ctrl-N on a members field: the members chosen and taken out here are forgotten.
  static func clearPendingMembers(_ state: inout State) -> Bool {
    guard let field = state.focusedField, case .members = field.editor else { return false }
    state.fields[state.focus].pendingMembers = []
    state.fields[state.focus].removedMembers = []
    return true
  }

  /// The changes to the join rows of the members fields: an insert per member chosen (a new
  /// row's taking its key from the change at `owner`), a delete per member taken out.
  static func memberChanges(
    _ state: State, owner: Int?, in session: Session
  ) -> [(field: Int, title: String, change: Change)] {
    var changes: [(field: Int, title: String, change: Change)] = []
    let entity = session.entity(named: state.entityName)
    for (index, field) in state.fields.enumerated() where !field.pendingMembers.isEmpty || !field.removedMembers.isEmpty
    {
      guard let relationship = field.relationship, let join = relationship.flattenedThrough,
        let joins = memberJoins(relationship, in: session)
      else { continue }
      for removed in field.removedMembers {
        changes.append((index, removed.title, .delete(entity: join, key: removed.key, original: removed.joinRow)))
      }
      // A stored row's join rows name it; a new row's take its key from the change at `owner`.
      let membership =
        state.isNew
        ? nil : entity.flatMap { Membership(relationship, of: Row(state.seen), entity: $0, model: session.model) }
      for member in field.pendingMembers {
        if let membership {
          changes.append((index, member.title, .insert(entity: join, values: membership.joinValues(for: member.row))))
        } else if let owner {
          var values: [String: DatabaseValue] = [:]
          for link in joins { values[link.source] = member.row[link.destination] ?? .null }
          // The relationship's joins go from the row to the join table (`id` → `filmId`).
          let links = Dictionary(
            uniqueKeysWithValues: relationship.joins.map {
              ($0.destination, Change.Link(change: owner, attribute: $0.source))
            })
          changes.append((index, member.title, .linked(.insert(entity: join, values: values), links: links)))
        }
      }
    }
    return changes
  }
}
