import Access
import Assistant
import Rules

/// `<`/`>`: the focused column moves left or right for good: the list's
/// `displayPropertyKeys` are written as a rule for this entity in this task, through the
/// same path as the assistant (`A`), and the banner says which rule went where.
extension QueryListFeature {
  static func shiftColumn(_ state: inout State, by delta: Int, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName), state.columns.indices.contains(state.selectedColumn)
    else { return .none }
    guard session.assistantFile != nil else {
      return .command(.banner(.notice, "Columns move through a rule file, and this session names none"))
    }
    let key = state.columns[state.selectedColumn].propertyKey
    // Written for everyone: it starts from everyone's columns, not a user's own.
    let keys = session.seen(in: .entityInTask).displayPropertyKeys(task: state.task, entity: entity)
    guard let moved = Session.moving(key, by: delta, in: keys) else {
      return .command(.banner(.notice, delta < 0 ? "This is the first column" : "This is the last column"))
    }
    let target = session.ruleTarget(task: state.task, entityName: entity.name)
    let plan = session.planRule(
      key: "displayPropertyKeys", value: .list(moved.map { .string($0) }), target: target, scope: .entityInTask)
    // The cursor follows the column when the rules reload with it moved.
    return .command(.writeRule(plan.rule, note: Session.stillWinningNote(plan)))
  }
}
