@testable import DirectToTerminal
import Testing

/// The test store is exhaustive: work a test leaves unanswered fails it, unless the test
/// says it leaves it.
@Suite struct PageStoreTests {
  static func listStore() throws -> PageStore<QueryListFeature> {
    try PageStore<QueryListFeature>(
      PageRequest(task: .list, entityName: "Item"), session: Session.fake(model: FeatureFixture.model))
  }

  @Test func workLeftPendingFailsTheTest() throws {
    withKnownIssue("the list's first fetch and count are left unanswered") {
      let store = try Self.listStore()
      #expect(store.pendingWork.count == 2)
    }
  }

  @Test func workSkippedOnPurposeDoesNot() throws {
    let store = try Self.listStore()
    #expect(store.pendingWork.count == 2)
    store.skipPendingWork()
  }
}
