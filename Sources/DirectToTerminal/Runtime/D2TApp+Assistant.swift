import Access
import Assistant
import Foundation
import Rules

/// The assistant's side of the runtime: `A` opens it for what has focus; its rule writes
/// go to `RuleWritingFeature`.
extension D2TApp {
  /// `A`: the assistant for the focused column or field, entity, or page.
  mutating func openAssistant() {
    guard let page = state.focusedPage, let driver = driver(for: page) else { return }
    if page.task == .assistant { return }
    let session = session()
    let description = driver.describe(page.state, in: session)
    let focus = description.focus
    let entityName = description.entityName
    let kind: AssistantRequest.Kind
    switch page.task {
    case .query: kind = entityName == nil ? .page : .entity
    case .list, .select: kind = focus.propertyKey == nil ? .page : .column
    case .inspect, .edit: kind = focus.propertyKey == nil ? .page : .field
    default: kind = .page
    }
    let request = AssistantRequest(
      kind: kind, task: page.task, entityName: entityName, propertyKey: kind == .entity ? nil : focus.propertyKey,
      row: focus.row)
    openPage(PageRequest(task: .assistant, entityName: nil, crumb: "Assistant", detail: request))
  }

  /// Routes an action to the assistant's rule writing (`RuleWritingFeature`) and carries out
  /// what it asks.
  mutating func ruleWriting(_ action: RuleWritingFeature.Action) {
    let gate = RuleGate(session())
    for output in RuleWritingFeature.update(
      &state.ruleWriting, action, writer: assistantWriter, refusal: gate.refusal(for:))
    {
      switch output {
      case .reloadRules: reloadRules()
      case .banner(let kind, let text): post(.banner(kind, text))
      case .statusNote(let note): state.statusNote = note
      }
    }
  }
}
