import Access
@testable import DirectToTerminal
import TerminalCore
import Testing
import Widgets

/// The entity list: `/` finds an entity as you type; several schemas show as groups.
@Suite struct EntityListFeatureTests {
  static let model = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(
        schema: "public", name: "customer", columns: [FeatureFixture.column("id", FeatureFixture.int)],
        primaryKey: ["id"]),
      TableInfo(
        schema: "sales", name: "invoice", columns: [FeatureFixture.column("id", FeatureFixture.int)], primaryKey: ["id"]
      ),
      TableInfo(
        schema: "public", name: "film", columns: [FeatureFixture.column("id", FeatureFixture.int)], primaryKey: ["id"]),
    ]))

  @Test func schemasAreGroupsAndTheCursorSkipsTheirHeadings() throws {
    let session = Session.fake(model: Self.model)
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    let lines = store.state.lines
    #expect(lines.count == 5, "\(lines)")
    #expect(lines.first == .heading("public"))
    store.send(.message(.resized(Size(width: 30, height: 10)))) {
      $0.viewport = Size(width: 30, height: 10)
    }
    #expect(store.state.scroll.selected == 1, "the first entity, not the heading")
    store.send(.navigate(.down)) { $0.scroll.selected = 2 }
    store.send(.navigate(.down)) { $0.scroll.selected = 4 }
    #expect(store.state.selectedItem?.schema == "sales")
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func slashFindsAnEntityAsYouType() throws {
    let session = Session.fake(model: Self.model)
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    store.send(.beginFilter) { $0.input = TextFieldState("") }
    store.send(.filterKey(.char("i"))) {
      $0.input = TextFieldState("i")
      $0.filter = "i"
      $0.scroll = ScrollState(selected: 1)
    }
    store.send(.filterKey(.char("n"))) {
      $0.input = TextFieldState("in")
      $0.filter = "in"
      $0.scroll = ScrollState(selected: 1)
    }
    #expect(store.state.lines == [.heading("sales"), .item(2)], "only Invoice, under its schema")
    #expect(store.state.selectedItem?.name == "Invoice")
    let open = store.send(.open)
    #expect(open.commands.count == 1)
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  /// A pane too small for the find's line as well: the list gets no rows (its height went
  /// to -1, which `Rect.isEmpty` let through, and the list trapped on a `0..<-1` range).
  @Test func aFindInAnAreaWithNoRowsDrawsNothing() throws {
    let session = Session.fake(model: Self.model)
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    store.send(.beginFilter) { $0.input = TextFieldState("") }
    let context = ViewContext(session: session, focused: true, tick: 0)
    for height in [0, 1] {
      var buffer = Buffer(size: Size(width: 30, height: 2))
      EntityListFeature.view(
        store.state, in: context, area: Rect(x: 0, y: 0, width: 30, height: height), buffer: &buffer)
      #expect(!Screen(buffer).description.contains("Customer"), "no row for the list at height \(height)")
    }
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  /// A kept find matches table names too, and Esc clears it (not Back).
  @Test func aKeptFindMatchesTablesAndEscClearsIt() throws {
    let session = Session.fake(model: Self.model)
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    store.state.filter = "invo"
    #expect(store.state.lines == [.heading("sales"), .item(2)])
    store.state.items[2].label = "Bills"
    #expect(store.state.lines == [.heading("sales"), .item(2)], "found by its table, invoice")
    let escape = EntityListFeature.action(for: KeyEvent(.escape), store.state, in: session)
    #expect(escape == .clearFilter)
    store.send(.clearFilter) {
      $0.filter = ""
      $0.scroll = ScrollState(selected: 1)
    }
    #expect(store.state.lines.count == 5)
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  /// The app's own write while a follow check is out (SQLite): one round of counts after a
  /// new baseline; the old check, which may have read the write, is dropped instead of
  /// counting everything again, and the next check finds nothing new.
  @Test func aWriteCountsOnceThoughAFollowCheckIsOut() throws {
    var session = Session.fake(model: Self.model)
    session.followsData = true
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    store.complete(.probed(.success("1"))) {
      $0.follow.token = "1"
      $0.follow.isProbing = false
    }
    for name in ["Customer", "Film", "Invoice"] { store.complete(.counted(.success(5))) { $0.counts[name] = "5" } }
    store.send(.message(.follow)) { $0.follow.isProbing = true }

    store.send(.message(.dataChanged)) {
      $0.checkGeneration = 1
      $0.countsVersion = 2
      for name in ["Customer", "Film", "Invoice"] { $0.countedAt[name] = 2 }
    }
    #expect(store.pendingWork.count == 5, "the check out, a new baseline, three counts: \(store.pendingWork)")
    store.complete(.probed(.success("2")))
    #expect(store.pendingWork.count == 4, "the old check's answer is dropped: \(store.pendingWork)")
    store.complete(.probed(.success("2"))) {
      $0.follow.token = "2"
      $0.follow.isProbing = false
    }
    for name in ["Customer", "Film", "Invoice"] { store.complete(.counted(.success(6))) { $0.counts[name] = "6" } }

    store.send(.message(.follow)) { $0.follow.isProbing = true }
    store.complete(.probed(.success("2"))) { $0.follow.isProbing = false }
    #expect(store.pendingWork.isEmpty, "nothing new since the baseline: no count")
  }

  /// Issue 22 item 21: a SQLite file of 5,000 tables counted every one on each outside
  /// commit; now only the lines on screen (and a screenful around them) are counted, and
  /// stale counts are counted again as their lines scroll into view.
  @Test func aLongListCountsWhatIsOnScreenAndTheRestAsItScrollsIntoView() throws {
    let tables = (1...600).map {
      TableInfo(name: "t\($0)", columns: [FeatureFixture.column("id", FeatureFixture.int)], primaryKey: ["id"])
    }
    let model = ModelBuilder.model(from: Catalog(tables: tables))
    var session = Session.fake(model: model)
    session.followsData = false
    let store = try PageStore<EntityListFeature>(PageRequest(task: .query), session: session)
    let counts = store.pendingWork.filter { if case .count = $0 { return true } else { return false } }
    #expect(counts.count == 40, "the first 20 lines on screen and the next screenful: \(counts.count)")
    store.skipPendingWork()
    var state = store.state
    let effect = EntityListFeature.update(&state, .navigate(.bottom), in: session)
    #expect(effect.items.count == 40, "the last screenful and the one above: \(effect.items.count)")
    let again = EntityListFeature.update(&state, .navigate(.up), in: session)
    #expect(again.items.isEmpty, "nothing counted twice for one version")
  }
}
