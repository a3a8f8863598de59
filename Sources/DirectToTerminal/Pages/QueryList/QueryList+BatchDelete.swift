import Access
import Qualifiers

/// `d` with marks (issue 24 item 3): what the delete of the marked rows touches is read
/// first (`BatchDelete.plan`), listed per relationship, and asked; the delete runs in one
/// transaction, one journal step that `u` undoes (rows cascaded and links cleared included).
extension QueryListFeature {
  static func planBatchDelete(_ state: State, entity: Entity, in session: Session) -> Effect<Action> {
    if let refusal = session.editRefusal(entity, row: nil, deleting: true) {
      return .command(.banner(.notice, refusal))
    }
    guard let qualifier = state.marks.qualifier(within: state.auxiliaryQualifier) else { return .none }
    return .run("the marked rows and what depends on them", of: qualifier) { context in
      try BatchDelete.plan(qualifier, of: entity, model: context.database.model, in: context.database)
    } reply: {
      .mark(.deletePlanned($0))
    }
  }

  static func batchDeleteDialog(_ plan: BatchDelete, entity: Entity) -> DialogRequest<Action> {
    let rows = "\(grouped(plan.count)) marked row\(plan.count == 1 ? "" : "s") of \(entity.displayName)"
    let blockers = plan.blockers
    if !blockers.isEmpty {
      let lines = blockers.map { "• " + $0.batchSentence }.joined(separator: "\n")
      return DialogRequest(
        title: "Cannot delete",
        message: "The \(rows) cannot be deleted while these rows refer to them:\n" + lines,
        buttons: blockers.prefix(3).map { .init("Open " + $0.label, .mark(.openDependents($0))) } + [
          .init("Cancel", .mark(.deleteCancelled))
        ],
        defaultButton: min(blockers.count, 3), isError: true)
    }
    let lines = plan.dependents.map { "\n• " + $0.batchSentence }.joined()
    return DialogRequest(
      title: "Delete \(grouped(plan.count)) rows",
      message: "Delete the \(rows)? In one transaction; u brings them back as one step." + lines,
      buttons: [
        .init("Delete \(grouped(plan.count))", .mark(.confirmDelete(plan))), .init("Cancel", .mark(.deleteCancelled)),
      ],
      defaultButton: 1, isError: true)
  }

  static func batchDeleted(
    _ plan: BatchDelete, _ result: Result<[ChangeOutcome], SaveFailure>, _ state: inout State, entity: Entity,
    in session: Session
  ) -> Effect<Action> {
    switch result {
    case .failure(.conflict(let conflict)):
      // The row someone else changed or deleted since it was read, by its title.
      let index = plan.changes.firstIndex { change in
        switch change {
        case .delete(let name, let key, _), .update(let name, let key, _, _):
          return name == conflict.entity && key == conflict.key
        default: return false
        }
      }
      let title = index.map { plan.titles[$0] } ?? conflict.entity
      let what =
        conflict.isDeleted
        ? "deleted" : "changed (" + conflict.fields.map(\.attribute).joined(separator: ", ") + ")"
      return .command(
        .banner(.error, "Not deleted: \(title) was \(what) by someone else since it was read; nothing was deleted"))
    case .failure(let failure):
      // The refusal is about the row the database refused, not necessarily the list's.
      var named = entity
      if case .refused(let error) = failure, let index = error.changeIndex, plan.changes.indices.contains(index),
        let refused = session.entity(named: plan.changes[index].entityName)
      {
        named = refused
      }
      var text = session.explain(failure, entity: named, deleting: true)
      if case .refused(let error) = failure, let index = error.changeIndex, plan.titles.indices.contains(index) {
        text += " (at \(plan.titles[index]))"
      }
      return .command(.banner(.error, text))
    case .success:
      let group = "marks@\(state.id)@\(session.now)"
      var effect = Effect<Action>.none
      for (change, title) in zip(plan.changes, plan.titles) {
        let inverse: Change
        switch change {
        case .delete(let name, _, let original): inverse = .insert(entity: name, values: original)
        case .update(let name, let key, let values, let original):
          inverse = .update(entity: name, key: key, values: original, original: values)
        default: continue
        }
        effect = effect.merge(
          .command(.recordChange(ChangeRecord(change: change, inverse: inverse, title: title, group: group))))
      }
      state.marks.clear()
      let deleted = plan.changes.filter { if case .delete = $0 { true } else { false } }.count
      let cleared = plan.changes.count - deleted
      var text = "Deleted \(grouped(plan.count)) row\(plan.count == 1 ? "" : "s") of \(entity.displayName)"
      if deleted > plan.count { text += " and \(grouped(deleted - plan.count)) rows with them" }
      if cleared > 0 { text += "; \(grouped(cleared)) row\(cleared == 1 ? "" : "s") now point to nothing" }
      return effect.merge(.command(.banner(.success, text + " — u undoes")))
        .merge(.command(.dataChanged))
    }
  }
}
