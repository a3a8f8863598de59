import Access
@testable import DirectToTerminal
import Foundation
import Journal
import TerminalCore
import Testing

/// The inspector, the journal page and the error page through the exhaustive store: every
/// state change and every piece of database work each asks for.
@Suite struct InspectJournalErrorFeatureTests {
  let session = Session.fake(model: FeatureFixture.model)

  @Test func theInspectorFetchesItsRowThenCountsItsToManysAndEnterOpensTheirList() throws {
    let key: [String: DatabaseValue] = ["id": .integer(1)]
    let store = try PageStore<InspectFeature>(
      PageRequest(task: .inspect, entityName: "Language", key: key), session: session)
    guard case .fetch(let spec)? = store.pendingWork.first else {
      Issue.record("expected the row's fetch, got \(store.pendingWork)")
      return
    }
    #expect(spec.entityName == "Language" && spec.limit == 1)
    #expect(store.state.loadingSince != nil)
    let row = FeatureFixture.language(1, "English")
    store.complete(.fetched(.success(FetchResult(rows: [row], sortKey: ["id"])))) {
      $0.loadingSince = nil
      $0.row = row
      $0.crumb = "English"
      $0.scroll.selected = 0
    }
    // The language's films are counted, and the count lands on its line.
    guard case .count(let count)? = store.pendingWork.first else {
      Issue.record("expected the films' count, got \(store.pendingWork)")
      return
    }
    #expect(count.entityName == "Film")
    store.complete(.counted(.success(12))) { $0.toManyCounts["films"] = 12 }
    let films = try #require(store.state.visibleRows.firstIndex { $0.propertyKey == "films" })
    for _ in 0..<films { store.send(.navigate(.down)) { $0.scroll.selected = ($0.scroll.selected ?? 0) + 1 } }
    let effect = store.send(.open)
    guard case .open(let request, let from)? = effect.commands.first else {
      Issue.record("expected the films' list to open, got \(effect.commands)")
      return
    }
    #expect(request.entityName == "Film" && from == PageID(1))
    store.skipPendingWork()  // the follow baseline, not under test here
  }

  @Test func aRowDeletedElsewhereSaysSoInsteadOfShowingNothing() throws {
    let store = try PageStore<InspectFeature>(
      PageRequest(task: .inspect, entityName: "Language", key: ["id": .integer(9)]), session: session)
    store.complete(.fetched(.success(FetchResult(rows: [], sortKey: ["id"])))) {
      $0.loadingSince = nil
      $0.message = "This row no longer exists (deleted by someone else?)"
      $0.scroll.selected = 0
    }
    store.skipPendingWork()  // the follow baseline
  }

  @Test func theJournalListsChangesNewestFirstAndEnterOpensTheRow() throws {
    var journaled = session
    let entry = JournalEntry(
      connection: "test", entity: "Language", key: ["id": .integer(1)], before: ["name": .text("English")],
      after: ["name": .text("Anglais")], time: Date(timeIntervalSince1970: 0), user: "jon")
    journaled.journal.record(entry, title: "Anglais")
    let store = try PageStore<JournalFeature>(PageRequest(task: .journal), session: journaled)
    #expect(store.state.lines.map(\.title) == ["Anglais"])
    #expect(store.state.scroll.selected == 0)
    let effect = store.send(.open)
    #expect(
      effect.commands == [
        .open(
          PageRequest(task: .inspect, entityName: "Language", key: ["id": .integer(1)], crumb: "Anglais"),
          from: PageID(1))
      ])
  }

  @Test func anEmptyJournalOpensNothing() throws {
    let store = try PageStore<JournalFeature>(PageRequest(task: .journal), session: session)
    #expect(store.state.scroll.selected == nil)
    #expect(store.send(.open).commands.isEmpty)
  }

  @Test func theErrorPageSaysWhyAndDoesNothingElse() throws {
    let store = try PageStore<ErrorFeature>(
      PageRequest(task: .inspect, detail: ErrorRequest(reason: "The page InspectPage needs a row to show.")),
      session: session)
    #expect(store.state.message == "The page InspectPage needs a row to show.")
    #expect(store.state.title == "Cannot open 'inspect'")
    #expect(store.send(.none).items.isEmpty)
    #expect(ErrorFeature.describe(store.state, in: session).crumb == "Error")
  }
}
