import Access
@testable import DirectToTerminal
import Export
import Foundation
import Qualifiers
import TerminalCore
import Testing
import Widgets

/// The export page's state and effects: the default file follows the format, the job runs
/// on the console lane, progress shows, and the outcome closes the page with a banner.
@Suite struct ExportFeatureTests {
  static let request = ExportRequest(
    entity: "Item", qualifier: try? Qualifier(parsing: "id > 5"),
    sortOrderings: [SortOrdering(PropertyPath("name"), .descending)],
    columns: [PropertyPath("id"), PropertyPath("name")], format: .csv)

  static func store() throws -> PageStore<ExportFeature> {
    var session = Session.fake(model: FeatureFixture.model)
    session.date = Date(timeIntervalSince1970: 1_795_000_000)
    return try PageStore(
      PageRequest(task: .export, entityName: "Item", detail: ExportSource.entity(request)), session: session)
  }

  @Test func theDefaultFileNamesEntityDateAndFormat() throws {
    let store = try Self.store()
    #expect(store.state.path.text == "./Item-2026-11-18.csv")
    store.send(.format(.jsonl)) {
      $0.source.format = .jsonl
      $0.path = TextFieldState("./Item-2026-11-18.jsonl")
    }
    store.send(.cycleFormat(1)) {
      $0.source.format = .sql
      $0.path = TextFieldState("./Item-2026-11-18.sql")
    }
  }

  @Test func exportRunsOnTheConsoleLaneWithProgressAndReportsWhere() throws {
    let store = try Self.store()
    store.send(.field(.path)) { $0.field = .path }
    store.send(.pathKey(.ctrl("u"))) { _ = $0.path.handle(.ctrl("u")) }
    store.send(.paste("/tmp/out.csv")) { $0.path.paste("/tmp/out.csv") }
    store.send(.start) { $0.running = true }
    #expect(store.pendingWork == [ExportJob(request: Self.request, path: "/tmp/out.csv").work])
    #expect(ExportJob(request: Self.request, path: "/tmp/out.csv").partialPath == "/tmp/out.csv.part")
    let progress = ExportProgress(rowsDone: 5000, totalRows: 20000, elapsed: .seconds(1))
    store.send(.progressed(progress)) { $0.progress = progress }
    let done = store.send(.finished(.success(ExportOutcome(path: "/tmp/out.csv", rows: 20000)))) { $0.running = false }
    #expect(done.commands == [.banner(.success, "Exported 20,000 rows to /tmp/out.csv"), .close(PageID(1))])
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  /// While it runs the status bar has one Esc hint (not the page's and the runtime's) and
  /// the progress — rows, rate, time left — as the CLI shows it.
  @Test func theStatusBarShowsTimeLeftAndOneEscHint() throws {
    let store = try Self.store()
    store.send(.start) { $0.running = true }
    let progress = ExportProgress(rowsDone: 5000, totalRows: 20000, elapsed: .seconds(1))
    store.send(.progressed(progress)) { $0.progress = progress }
    let status = ExportFeature.status(store.state, in: store.session)
    #expect(status.hints == [KeyHint(keys: "Esc", description: "Cancel")])
    #expect(status.trailing == "5,000 / 20,000 rows  25%  5,000 rows/s  ETA 0:03", "\(status.trailing)")
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func escCancelsTheRunningExport() throws {
    let store = try Self.store()
    store.send(.start) { $0.running = true }
    let cancel = try #require(ExportFeature.action(for: KeyEvent(.escape), store.state, in: store.session))
    let effect = store.send(cancel)
    #expect(effect.items.contains { if case .cancel(.console) = $0 { true } else { false } })
    let closed = store.send(.finished(.failure(WorkError(message: "cancelled", isCancelled: true)))) {
      $0.running = false
    }
    #expect(closed.commands == [.banner(.notice, "Export cancelled; the partial file was removed"), .close(PageID(1))])
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func sqlWritesOnlyTheTablesOwnColumns() throws {
    var request = Self.request
    request.columns = [PropertyPath("id"), PropertyPath("language.name")]
    let store = try PageStore<ExportFeature>(
      PageRequest(task: .export, entityName: "Item", detail: ExportSource.entity(request)),
      session: Session.fake(model: FeatureFixture.model))
    store.send(.format(.sql)) {
      $0.source.format = .sql
      $0.path = TextFieldState($0.defaultStem + ".sql")
    }
    store.send(.start) { $0.running = true }
    guard case .run(let work) = store.pendingWork.first, let job = work.value.base as? ExportJob else {
      Issue.record("no export asked")
      return
    }
    guard case .entity(let written) = job.source else {
      Issue.record("not a list's export: \(job.source)")
      return
    }
    #expect(written.columns == [PropertyPath("id")])
    store.skipPendingWork()  // the work this test starts but does not look at
  }
}
