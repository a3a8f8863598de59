import Access
@testable import DirectToTerminal
import Foundation
import Rules
import Testing
import Widgets

/// The assistant page and the list's `<`/`>` as features: the exact rule each asks the app
/// to write, without a terminal or a file.
@Suite struct AssistantFeatureTests {
  static func session(_ rules: String = "") -> Session {
    var session = Session.fake(model: FeatureFixture.model, rules: rules)
    session.assistantFile = AssistantFile(path: "/tmp/x.rules", rules: [])
    return session
  }

  @Test func greaterMovesTheFocusedColumnByWritingOneRule() throws {
    let session = Self.session()
    let store = try PageStore<QueryListFeature>(PageRequest(task: .list, entityName: "Item"), session: session)
    let effect = store.send(.shiftColumn(1)) {
      $0.fittedWidths = [3, 4]
    }
    guard case .writeRule(let rule, let note) = effect.commands.first else {
      Issue.record("expected a rule to write, got \(effect.commands)")
      return
    }
    #expect(rule.description == "task = 'list' AND entity.name = 'Item' => displayPropertyKeys <= ('name', 'id')")
    #expect(note == nil)
    #expect(store.send(.shiftColumn(-1)).commands == [.banner(.notice, "This is the first column")])
    // Without a rule file for the assistant, nothing is written and the banner says why.
    let plain = try PageStore<QueryListFeature>(
      PageRequest(task: .list, entityName: "Item"), session: Session.fake(model: FeatureFixture.model))
    #expect(
      plain.send(.shiftColumn(1)) { $0.fittedWidths = [3, 4] }.commands
        == [.banner(.notice, "Columns move through a rule file, and this session names none")])
    store.skipPendingWork()  // the work this test starts but does not look at
    plain.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func labelAsksTheScopeThenWritesTheChosenOne() throws {
    let session = Self.session("task = 'list' => displayNameForProperty <= 'X'; high")
    let request = AssistantRequest(kind: .column, task: .list, entityName: "Item", propertyKey: "name")
    let store = try PageStore<AssistantFeature>(PageRequest(task: .assistant, detail: request), session: session)
    let index = try #require(store.state.options.firstIndex { $0.kind == .label })
    let label = store.state.options[index]
    #expect(label.value == "'X'")
    #expect(label.source == "test.rules:1")
    store.send(.move(index)) { $0.selected = index }
    store.send(.activate) { $0.mode = .text(label, TextFieldState("X")) }
    // A pasted escape sequence loses its control character.
    store.send(.paste("Title\u{1B}[2J")) { $0.mode = .text(label, TextFieldState("XTitle[2J")) }
    let scope = try #require(AssistantFeature.scopeMode(label, in: session, value: { _ in .string("XTitle[2J") }))
    store.send(.activate) { $0.mode = scope }
    guard case .scope(let change, 0) = scope else {
      Issue.record("expected the scope question, got \(scope)")
      return
    }
    #expect(change.scopes == [.entityInTask, .entityEveryTask, .everyEntity])
    // Each beats the user's less specific `high` rule.
    #expect(
      change.plans.map(\.rule.description) == [
        "task = 'list' AND entity.name = 'Item' AND propertyKey = 'name' => displayNameForProperty <= 'XTitle[2J'; high",
        "entity.name = 'Item' AND propertyKey = 'name' => displayNameForProperty <= 'XTitle[2J'; high",
        "task = 'list' AND propertyKey = 'name' => displayNameForProperty <= 'XTitle[2J'; high",
      ])
    #expect(change.plans.allSatisfy { $0.stillWinning == nil })
    store.send(.move(2)) { $0.mode = .scope(change, 2) }
    let written = store.send(.activate) { $0.mode = .browse }
    #expect(written.commands == [.writeRule(change.plans[2].rule, note: nil)])
    #expect(store.send(.undo).commands == [.undoRuleWrite])
  }

  @Test func aPropertyListIsNeverOfferedForEveryEntityButALabelIs() throws {
    let session = Self.session()
    let request = AssistantRequest(kind: .column, task: .list, entityName: "Item", propertyKey: "name")
    let store = try PageStore<AssistantFeature>(PageRequest(task: .assistant, detail: request), session: session)
    let entity = try PageStore<AssistantFeature>(
      PageRequest(task: .assistant, detail: AssistantRequest(kind: .entity, task: .query, entityName: "Item")),
      session: session)
    let sort = try #require(entity.state.options.first { $0.kind == .sort })
    let shown = try #require(store.state.options.first { $0.kind == .shown })
    for (option, value) in [
      (shown, AssistantFeature.immediateValue(shown, request, in: session)), (sort, .string("name")),
    ] {
      let mode = AssistantFeature.scopeMode(option, in: session) { _ in value }
      guard case .scope(let change, _)? = mode else {
        Issue.record("expected the scope question for \(option.title), got \(String(describing: mode))")
        continue
      }
      #expect(change.scopes == [.entityInTask, .entityEveryTask], "Item's columns are not every entity's")
    }
    let label = try #require(store.state.options.first { $0.kind == .label })
    guard case .scope(let change, _)? = AssistantFeature.scopeMode(label, in: session, value: { _ in .string("N") })
    else {
      Issue.record("expected the scope question for the label")
      return
    }
    #expect(change.scopes == [.entityInTask, .entityEveryTask, .everyEntity])
  }

  @Test func aLongRuleFilePathIsCutInTheMiddleToFit() {
    let path = "/srv/configuration/teams/reporting/d2t/rules/warehouse-reporting.rules"
    let fitted = AssistantFile.fittedPath(path, width: 40)
    #expect(fitted.count == 40)
    #expect(fitted.hasPrefix("/srv/con"), "\(fitted)")
    #expect(fitted.hasSuffix("/warehouse-reporting.rules"), "the file's name stays whole: \(fitted)")
    #expect(fitted.contains("…"))
    #expect(AssistantFile.fittedPath("/a/b.rules", width: 40) == "/a/b.rules")
  }
}
