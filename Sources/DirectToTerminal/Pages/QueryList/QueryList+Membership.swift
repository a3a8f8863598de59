import Access
import Qualifiers
import Widgets

/// The members of a flattened many-to-many (Film → Actors): `a` adds one or several from a
/// chooser (`Space` picks), `d` removes one (its join rows, never the member), `n` makes a
/// new member linked in the same transaction; the count, the rows and the journal follow.
public enum MemberAction: Equatable, Sendable {
  case choose
  /// Adds the rows not already members, in one transaction.
  case add([Row])
  case added(Result<Added, WorkError>)
  case confirmRemove(Row)
  case removed(Row, Result<[JoinRow], WorkError>)

  /// What adding wrote: the members added with their stored join rows, and those that were
  /// members already (nothing written for them).
  public struct Added: Hashable, Sendable {
    var members: [Row]
    var joinRows: [Row]
    var already: [Row]
  }

  /// One join row removed, as it was stored (for `u`).
  public struct JoinRow: Hashable, Sendable {
    var key: [String: DatabaseValue]
    var original: [String: DatabaseValue]
  }
}

extension QueryListFeature {
  static let memberKeys = KeyMap<Action>(
    "Members", [KeyBinding(.char("a"), .member(.choose), "Add members", name: "addMember")])

  /// `d` and `n` on a list of members: remove the membership, make a new member.
  static func membershipCommand(_ command: RowCommand, _ state: inout State, in session: Session) -> Effect<Action> {
    guard let membership = state.membership, let entity = session.entity(named: state.entityName) else { return .none }
    if let refusal = joinRefusal(membership, in: session) { return .command(.banner(.notice, refusal)) }
    switch command {
    case .delete:
      guard let row = state.selectedRow else { return .none }
      let title = entity.displayName + " “" + RecordTitle.title(of: row, entity: entity) + "”"
      return .confirm(
        DialogRequest(
          title: "Remove",
          message: "Remove \(title) from the \(membership.label.lowercased()) of \(membership.ownerTitle)? "
            + "\(title) itself stays; u puts it back.",
          buttons: [.init("Remove", .member(.confirmRemove(row))), .init("Cancel", nil)], defaultButton: 1))
    case .insert:
      if let refusal = session.editRefusal(entity, row: nil) { return .command(.banner(.notice, refusal)) }
      var request = PageRequest(task: .edit, entityName: entity.name, crumb: "New " + entity.displayName)
      request.membership = membership
      return .command(.open(request, from: state.id))
    default:
      return .none
    }
  }

  static func member(_ action: MemberAction, _ state: inout State, in session: Session) -> Effect<Action> {
    guard let membership = state.membership, let entity = session.entity(named: state.entityName) else { return .none }
    let memberTitle = { (row: Row) in entity.displayName + " “" + RecordTitle.title(of: row, entity: entity) + "”" }
    switch action {
    case .choose:
      if let refusal = joinRefusal(membership, in: session) { return .command(.banner(.notice, refusal)) }
      let chooser = SelectRequest(
        page: state.id, propertyKey: "member", allowsNull: false,
        destinationKeys: membership.memberJoins.map(\.destination), allowsMany: true)
      return .command(
        .open(
          PageRequest(task: .select, entityName: entity.name, crumb: "Add to " + membership.label, detail: chooser),
          from: state.id))
    case .add(let rows):
      let what = rows.count == 1 ? memberTitle(rows[0]) : "\(rows.count) \(membership.label.lowercased())"
      return .run("adding \(what)", of: rows.map(membership.joinValues)) { context -> MemberAction.Added in
        // A pair already there is reported, not inserted twice (a join table without a
        // unique key would take it).
        var added = MemberAction.Added(members: [], joinRows: [], already: [])
        var inserts: [Change] = []
        for row in rows {
          let existing = try context.database.count(
            FetchSpecification(entityName: membership.joinEntity, qualifier: membership.joinQualifier(for: row)))
          if existing > 0 || added.members.contains(row) {
            added.already.append(row)
          } else {
            added.members.append(row)
            inserts.append(.insert(entity: membership.joinEntity, values: membership.joinValues(for: row)))
          }
        }
        guard !inserts.isEmpty else { return added }
        for case .inserted(let stored) in try context.database.apply(inserts) { added.joinRows.append(stored) }
        return added
      } reply: {
        .member(.added($0))
      }
    case .added(.success(let added)):
      let already = added.already.map(memberTitle)
      guard !added.members.isEmpty else {
        let subject = already.count == 1 ? already[0] + " is" : "\(already.count) of them are"
        return .command(
          .banner(.notice, "\(subject) already one of the \(membership.label.lowercased()): nothing added"))
      }
      let subject =
        added.members.count == 1
        ? memberTitle(added.members[0]) : "\(added.members.count) \(membership.label.lowercased())"
      let skipped = already.isEmpty ? "" : " (\(already.count) already there, not added twice)"
      var effect = Effect<Action>.command(
        .banner(.success, "Added \(subject) to \(membership.ownerTitle)\(skipped) — u undoes"))
      let group = added.joinRows.count > 1 ? "\(state.id)@\(session.now)" : nil
      if let join = session.entity(named: membership.joinEntity) {
        for (member, stored) in zip(added.members, added.joinRows) {
          guard
            let record = session.insertRecord(
              stored, entity: join, given: membership.joinAttributes,
              title: membership.journalTitle(member: RecordTitle.title(of: member, entity: entity)), group: group)
          else { continue }
          effect = effect.merge(.command(.recordChange(record)))
        }
      }
      return effect.merge(.command(.dataChanged))
    case .added(.failure(let error)):
      return .command(.banner(.error, "Nothing was added: " + error.message))
    case .confirmRemove(let row):
      let qualifier = membership.joinQualifier(for: row)
      return .run("removing \(memberTitle(row))", of: membership.joinValues(for: row)) {
        context -> [MemberAction.JoinRow] in
        guard let join = context.database.model[entity: membership.joinEntity] else { return [] }
        let rows = try context.database.fetch(FetchSpecification(entityName: join.name, qualifier: qualifier)).rows
        let removed = rows.map { row in
          MemberAction.JoinRow(
            key: join.primaryKey.isEmpty
              ? row.dictionary : Dictionary(uniqueKeysWithValues: join.primaryKey.map { ($0, row[$0] ?? .null) }),
            original: row.dictionary)
        }
        try context.database.apply(removed.map { .delete(entity: join.name, key: $0.key, original: $0.original) })
        return removed
      } reply: {
        .member(.removed(row, $0))
      }
    case .removed(let row, .success(let removed)):
      guard !removed.isEmpty else {
        return .command(.banner(.notice, "\(memberTitle(row)) was no longer one of them"))
      }
      var effect = Effect<Action>.command(
        .banner(.success, "Removed \(memberTitle(row)) from \(membership.ownerTitle) — u undoes"))
      let group = removed.count > 1 ? "\(state.id)@\(session.now)" : nil
      for join in removed {
        effect = effect.merge(
          .command(
            .recordChange(
              ChangeRecord(
                change: .delete(entity: membership.joinEntity, key: join.key, original: join.original),
                inverse: .insert(entity: membership.joinEntity, values: join.original),
                title: membership.journalTitle(member: RecordTitle.title(of: row, entity: entity)), group: group))))
      }
      return effect.merge(.command(.dataChanged))
    case .removed(let row, .failure(let error)):
      return .command(.banner(.error, "\(memberTitle(row)) was not removed: " + error.message))
    }
  }

  /// Why the join table cannot be written (read-only session, rules, a view, the owner
  /// read-only by rule), if so.
  static func joinRefusal(_ membership: Membership, in session: Session) -> String? {
    if let refusal = membership.ownerRefusal {
      return
        "\(membership.ownerTitle): \(refusal.prefix(1).lowercased() + refusal.dropFirst()); its \(membership.label.lowercased()) stay as they are"
    }
    guard let join = session.entity(named: membership.joinEntity) else { return "\(membership.joinEntity) is unknown" }
    return session.editRefusal(join, row: nil)
  }
}
