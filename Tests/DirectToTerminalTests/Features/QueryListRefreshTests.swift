import Access
@testable import DirectToTerminal
import TerminalCore
import Testing

/// On a server, the first follow check with rows fetches the window once more (a change
/// right after the first fetch is not missed), keeping the cursor on its row. A move typed
/// while that fetch is out must win over it: `G` went back to row 1 when it landed (found
/// by `scripts/order-file` under valgrind, where the fetch is slow; a slow server does it).
@Suite struct QueryListRefreshTests {
  /// A session on `model` following the database, as on a server of `dialect`.
  static func following(_ model: Model, on dialect: SQLDialect) -> Session {
    var session = Session.fake(model: model)
    session.dialect = dialect
    session.followsData = true
    return session
  }

  /// The item list opened at 60×16, its first check's baseline taken.
  static func openItems(in session: Session) throws -> QueryListFeature.State {
    var (state, _) = try QueryListFeature.open(
      PageRequest(task: .list, entityName: "Item"), id: PageID(1), in: session)
    _ = QueryListFeature.update(&state, .message(.resized(Size(width: 60, height: 16))), in: session)
    _ = QueryListFeature.update(&state, .probed([], .success("t1|")), in: session)
    return state
  }

  @Test func aMoveTypedWhileTheFirstChecksFetchIsOutWins() throws {
    let session = Self.following(FeatureFixture.model, on: .postgresql)
    var state = try Self.openItems(in: session)
    let first = try #require(state.inFlight)
    _ = QueryListFeature.update(&state, .rowsArrived(first, .success(FeatureFixture.items(1...100))), in: session)
    _ = QueryListFeature.update(&state, .counted(generation: state.generation, .success(1000)), in: session)
    #expect(QueryListFeature.positionText(state) == "row 1 of 1,000")
    _ = QueryListFeature.update(&state, .message(.follow), in: session)
    _ = QueryListFeature.update(&state, .probed([["id": .integer(1)]], .success("t1|1")), in: session)
    let again = try #require(state.inFlight, "the first check with rows fetches the window once more")
    #expect(again.generation == first.generation + 1)

    _ = QueryListFeature.update(&state, .navigate(.bottom), in: session)
    _ = QueryListFeature.update(&state, .rowsArrived(again, .success(FeatureFixture.items(1...100))), in: session)
    #expect(state.cursor == .fromEnd(0), "the cursor stays where G put it")
    let last = try #require(state.inFlight, "and the last rows are fetched")
    #expect(last.position == .end)
    _ = QueryListFeature.update(&state, .rowsArrived(last, .success(FeatureFixture.items(901...1000))), in: session)
    _ = QueryListFeature.update(&state, .counted(generation: state.generation, .success(1000)), in: session)
    #expect(state.selectedRow?["id"] == .integer(1000))
    #expect(QueryListFeature.positionText(state) == "row 1,000 of 1,000")
  }

  /// A large table's count is the catalog's estimate until counted (997,188 for 1,000,000
  /// rows on MariaDB). `G` typed as the list opened, then the first check's fetch: it was
  /// planned at the estimate's last row (`OFFSET 997162`), and the list stayed on row
  /// 997,188 as if it were the last.
  @Test func theFirstChecksFetchAfterGKeepsTheRealLastRowWhenTheCountIsAnEstimate() throws {
    let model = ModelBuilder.model(
      from: Catalog(tables: [
        TableInfo(
          name: "item", columns: [FeatureFixture.column("id", FeatureFixture.int)], primaryKey: ["id"],
          estimatedRowCount: 997_188)
      ]))
    let session = Self.following(model, on: .mysql)
    var state = try Self.openItems(in: session)
    let first = try #require(state.inFlight)
    _ = QueryListFeature.update(&state, .navigate(.bottom), in: session)
    _ = QueryListFeature.update(&state, .rowsArrived(first, .success(FeatureFixture.items(1...100))), in: session)
    let last = try #require(state.inFlight)
    #expect(last.position == .end)
    _ = QueryListFeature.update(
      &state, .rowsArrived(last, .success(FeatureFixture.items(999_901...1_000_000))), in: session)
    #expect(state.selectedRow?["id"] == .integer(1_000_000))
    _ = QueryListFeature.update(&state, .message(.follow), in: session)
    _ = QueryListFeature.update(&state, .probed([["id": .integer(1_000_000)]], .success("t1|1")), in: session)
    let again = try #require(state.inFlight, "the first check with rows fetches the window once more")
    #expect(again.position == .end, "planned from the end, not at the estimate's offset: \(again.position)")
    _ = QueryListFeature.update(
      &state, .rowsArrived(again, .success(FeatureFixture.items(999_901...1_000_000))), in: session)
    #expect(state.selectedRow?["id"] == .integer(1_000_000))
    // The header and the status bar say the same, both estimates (the header said `?`).
    #expect(QueryListFeature.positionText(state) == "row ~997,188 of ~997,188")
    #expect(QueryListFeature.compactPosition(state) == "~997,188/~997,188")
  }
}
