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
    let target = session.ruleTarget(task: state.task, entityName: entity.name)
    // Written for everyone, starting from everyone's columns, not a user's own — or, for a
    // logged-in user who may not write rules for everyone, for that user alone.
    let gate = RuleGate(session)
    var scope = RuleScope.entityInTask
    if target.user != nil, session.hasLoginPage, !session.permission(.allowsPermissionRules).isAllowed {
      scope = .userOnly
    }
    let keys = session.seen(in: scope).displayPropertyKeys(task: state.task, entity: entity)
    guard let moved = Session.moving(key, by: delta, in: keys) else {
      return .command(.banner(.notice, delta < 0 ? "This is the first column" : "This is the last column"))
    }
    let plan = session.planRule(
      key: "displayPropertyKeys", value: .list(moved.map { .string($0) }), target: target, scope: scope)
    if let refusal = gate.refusal(for: plan.rule) { return .command(.banner(.warning, refusal)) }
    // The cursor follows the column when the rules reload with it moved.
    return .command(.writeRule(plan.rule, note: Session.stillWinningNote(plan)))
  }
}
