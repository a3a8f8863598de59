import Access
import Qualifiers
import Widgets

/// The members of a flattened many-to-many (Film → Actors): `a` adds one from a chooser,
/// `d` removes one (its join rows, never the member), `n` makes a new member linked in the
/// same transaction; the count, the rows and the journal follow.
public enum MemberAction: Equatable, Sendable {
  case choose
  case add(Row)
  case added(Row, Result<[ChangeOutcome], WorkError>)
  case confirmRemove(Row)
  case removed(Row, Result<[JoinRow], WorkError>)
  /// The pair is already there: nothing was written.
  case alreadyMember(Row)

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
        destinationKeys: membership.memberJoins.map(\.destination))
      return .command(
        .open(
          PageRequest(task: .select, entityName: entity.name, crumb: "Add to " + membership.label, detail: chooser),
          from: state.id))
    case .add(let row):
      let values = membership.joinValues(for: row)
      let qualifier = membership.joinQualifier(for: row)
      return .run("adding \(memberTitle(row))", of: values) { context -> [ChangeOutcome]? in
        // A pair already there is reported, not inserted twice (a join table without a
        // unique key would take it).
        let existing = try context.database.count(
          FetchSpecification(entityName: membership.joinEntity, qualifier: qualifier))
        guard existing == 0 else { return nil }
        return try context.database.apply([.insert(entity: membership.joinEntity, values: values)])
      } reply: { result in
        switch result {
        case .success(nil): .member(.alreadyMember(row))
        case .success(let outcomes?): .member(.added(row, .success(outcomes)))
        case .failure(let error): .member(.added(row, .failure(error)))
        }
      }
    case .alreadyMember(let row):
      return .command(
        .banner(.notice, "\(memberTitle(row)) is already one of the \(membership.label.lowercased()): nothing added"))
    case .added(let row, .success(let outcomes)):
      var effect = Effect<Action>.command(
        .banner(.success, "Added \(memberTitle(row)) to \(membership.ownerTitle) — u undoes"))
      if case .inserted(let stored)? = outcomes.first, let join = session.entity(named: membership.joinEntity),
        let record = session.insertRecord(
          stored, entity: join, given: membership.joinAttributes,
          title: membership.journalTitle(member: RecordTitle.title(of: row, entity: entity)))
      {
        effect = effect.merge(.command(.recordChange(record)))
      }
      return effect.merge(.command(.dataChanged))
    case .added(let row, .failure(let error)):
      return .command(.banner(.error, "\(memberTitle(row)) was not added: " + error.message))
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

  /// Why the join table cannot be written (read-only session, rules, a view), if so.
  static func joinRefusal(_ membership: Membership, in session: Session) -> String? {
    guard let join = session.entity(named: membership.joinEntity) else { return "\(membership.joinEntity) is unknown" }
    return session.editRefusal(join, row: nil)
  }
}
