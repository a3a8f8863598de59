import Access
@testable import DirectToTerminal
import Qualifiers
import TerminalCore
import Testing
import Widgets
import History

/// The query list's update without a terminal or database: the exact state after each
/// action and the fetches it asks for, including keys that arrive while rows load.
@Suite struct QueryListFeatureTests {
  let session = Session.fake(model: FeatureFixture.model)

  static func spec(_ position: FetchSpecification.Position = .start, offset: Int = 0) -> FetchSpecification {
    FetchSpecification(
      entityName: "Item", keyPaths: ["id", "name"], limit: 100, offset: offset, position: position)
  }

  /// A list of 1,000 items whose first page and count have arrived, 15 rows on screen.
  func loadedList() throws -> PageStore<QueryListFeature> {
    let store = try PageStore<QueryListFeature>(PageRequest(task: .list, entityName: "Item"), session: session)
    #expect(
      store.pendingWork == [
        .fetch(Self.spec()), .count(FetchSpecification(entityName: "Item", keyPaths: ["id", "name"], limit: 100)),
      ])
    store.send(.message(.resized(Size(width: 60, height: 16)))) {
      $0.viewport = Size(width: 60, height: 16)
      $0.fittedWidths = [3, 4]
    }
    store.complete(.fetched(.success(FeatureFixture.items(1...100)))) {
      $0.inFlight = nil
      $0.loadingSince = nil
      $0.window = RowWindow(rows: FeatureFixture.items(1...100).rows, sortKey: ["id"], firstFromStart: 0)
      $0.fittedWidths = [3, 7]
    }
    store.complete(.counted(.success(1000))) {
      $0.total = .exact(1000)
      $0.window.lastFromEnd = 900
    }
    return store
  }

  @Test func opensWithTheFirstPageAndACount() throws {
    let store = try loadedList()
    #expect(store.state.selectedRow?["id"] == .integer(1))
    #expect(QueryListFeature.positionText(store.state) == "row 1 of 1,000")
  }

  /// `G`, then `g j j j` before the last page arrives: the cursor moves at once; one fetch
  /// at a time; when the last page lands the next fetch goes where the cursor is.
  @Test func keysWhileTheLastPageLoadsApplyToTheCursor() throws {
    let store = try loadedList()
    let last = WindowFetch(position: .end, offset: 0, limit: 100, placement: .lastAt(.fromEnd(0)), generation: 1)
    store.send(.navigate(.bottom)) {
      $0.cursor = .fromStart(999)
      $0.cursorLine = 14
      $0.inFlight = last
      $0.loadingSince = session.now
    }
    #expect(store.pendingWork == [.fetch(Self.spec(.end))])
    #expect(QueryListFeature.isAwaitingData(store.state), "Enter now would wait for the row")
    store.send(.navigate(.top)) {
      $0.cursor = .fromStart(0)
      $0.cursorLine = 0
    }
    for line in 1...3 {
      store.send(.navigate(.down)) {
        $0.cursor = .fromStart(line)
        $0.cursorLine = line
      }
    }
    #expect(store.pendingWork == [.fetch(Self.spec(.end))], "no second fetch while one is in flight")
    #expect(store.state.selectedRow?["id"] == .integer(4), "row 4 is loaded already")
    store.complete(.fetched(.success(FeatureFixture.items(901...1000)))) {
      $0.inFlight = nil
      $0.loadingSince = nil
      $0.window = RowWindow(
        rows: FeatureFixture.items(901...1000).rows, sortKey: ["id"], firstFromStart: 900, lastFromEnd: 0)
      $0.inFlight = WindowFetch(
        position: .start, offset: 0, limit: 100, placement: .firstAt(.fromStart(0)), generation: 1)
      $0.loadingSince = session.now
    }
    #expect(store.pendingWork == [.fetch(Self.spec())])
    store.complete(.fetched(.success(FeatureFixture.items(1...100)))) {
      $0.inFlight = nil
      $0.loadingSince = nil
      $0.window = RowWindow(
        rows: FeatureFixture.items(1...100).rows, sortKey: ["id"], firstFromStart: 0, lastFromEnd: 900)
    }
    #expect(store.state.selectedRow?["id"] == .integer(4))
    #expect(QueryListFeature.positionText(store.state) == "row 4 of 1,000")
    let open = store.send(.open)
    #expect(
      open.commands == [
        .open(
          PageRequest(task: .inspect, entityName: "Item", key: ["id": .integer(4)], crumb: "item 4"), from: PageID(1))
      ])
  }

  /// Twenty page-downs move twenty pages of 15 rows, whatever has loaded; the window
  /// follows with one keyset fetch from its last row, skipping what lies between.
  @Test func pageDownsAccumulate() throws {
    let store = try loadedList()
    for page in 1...20 {
      store.send(.navigate(.pageDown)) {
        $0.cursor = .fromStart(15 * page)
        if page == 6 {
          $0.inFlight = WindowFetch(
            position: .after([.integer(100)]), offset: 0, limit: 100, placement: .append, generation: 1)
          $0.loadingSince = session.now
          $0.fittedWidths = [3, 8]
        }
      }
    }
    #expect(store.pendingWork == [.fetch(Self.spec(.after([.integer(100)])))])
    store.complete(.fetched(.success(FeatureFixture.items(101...200)))) {
      $0.window.rows += FeatureFixture.items(101...200).rows
      $0.window.lastFromEnd = 800
      $0.inFlight = WindowFetch(
        position: .after([.integer(200)]), offset: 75, limit: 100, placement: .firstAt(.fromStart(275)), generation: 1)
    }
    store.complete(.fetched(.success(FeatureFixture.items(276...375)))) {
      $0.window = RowWindow(
        rows: FeatureFixture.items(276...375).rows, sortKey: ["id"], firstFromStart: 275, lastFromEnd: 625)
      $0.inFlight = nil
      $0.loadingSince = nil
    }
    #expect(store.state.selectedRow?["id"] == .integer(301))
  }

  /// 200 quick searches ran one after another: a new search cancels the one still running
  /// (its late rows are ignored), `/` opens an empty line, and opening it is not held back
  /// while rows load.
  @Test func aNewSearchCancelsTheOneStillRunningAndStartsEmpty() throws {
    let store = try loadedList()
    var state = store.state
    func search(_ text: String) -> Effect<QueryListFeature.Action> {
      _ = QueryListFeature.update(&state, .beginInput(.search), in: session)
      #expect(state.input?.field.text == "", "a new search starts empty")
      for character in text { _ = QueryListFeature.update(&state, .inputKey(.char(character)), in: session) }
      return QueryListFeature.update(&state, .inputKey(KeyEvent(.enter)), in: session)
    }
    let first = search("Ba")
    #expect(!first.items.contains { if case .cancel(.foreground) = $0 { return true } else { return false } })
    let firstFetch = try #require(state.inFlight)
    let second = search("Li")
    guard case .cancel(.foreground)? = second.items.first else {
      Issue.record("the running search is cancelled first: \(second.items)")
      return
    }
    #expect(state.search == "Li", "not BaLi")
    // The first search's rows, arriving late, change nothing.
    let before = state
    _ = QueryListFeature.update(&state, .rowsArrived(firstFetch, .success(FeatureFixture.items(1...3))), in: session)
    #expect(state == before)
    #expect(QueryListFeature.isMovement(.beginInput(.search)) && QueryListFeature.isMovement(.inputKey(.char("a"))))
  }

  @Test func aFilterThatNamesAnUnknownPropertyIsRefusedInWords() throws {
    let store = try loadedList()
    store.send(.beginInput(.filter)) { $0.input = InputLine(kind: .filter, field: TextFieldState(""), error: nil) }
    for character in "nope = 1" {
      store.send(.inputKey(.char(character))) { _ = $0.input?.field.handle(.char(character)) }
    }
    store.send(.inputKey(KeyEvent(.enter))) {
      $0.input?.error = "Item has no property 'nope'"
    }
    #expect(store.pendingWork.isEmpty, "nothing is fetched")
  }
}

/// `y` copies the focused value exactly, `Y` the row (tab-separated or JSON by rule).
@Suite struct CopyTests {
  @Test func yCopiesTheValueAndYTheRow() throws {
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<QueryListFeature>(PageRequest(task: .list, entityName: "Item"), session: session)
    store.complete(.fetched(.success(FeatureFixture.items(1...3)))) {
      $0.inFlight = nil
      $0.loadingSince = nil
      $0.window = RowWindow(rows: FeatureFixture.items(1...3).rows, sortKey: ["id"], firstFromStart: 0, lastFromEnd: 0)
      $0.total = .exact(3)
      $0.fittedWidths = [3, 6]
    }
    store.send(.moveColumn(1)) { $0.selectedColumn = 1 }
    #expect(store.send(.copy(row: false)).commands == [.copy("item 1", what: "“item 1”")])
    #expect(store.send(.copy(row: true)).commands == [.copy("1\titem 1", what: "the row (2 values)")])
    let json = Session.fake(model: FeatureFixture.model, rules: "copyRowFormat <= 'json'")
    let row = QueryListFeature.copy(store.state, row: true, in: json)
    #expect(row.commands == [.copy(#"{"Id": 1, "Name": "item 1"}"#, what: "the row (2 values)")])
    store.skipPendingWork()  // the work this test starts but does not look at
  }
}

/// ↑/↓ recall earlier searches and filters; Ctrl-R searches them; Enter remembers the line.
@Suite struct InputHistoryTests {
  @Test func recallReverseSearchAndRemember() throws {
    var session = Session.fake(model: FeatureFixture.model)
    session.history.add("name like 'a*'", kind: .filter)
    session.history.add("id > 5", kind: .filter)
    session.history.add("smith", kind: .search)
    let store = try PageStore<QueryListFeature>(PageRequest(task: .list, entityName: "Item"), session: session)
    store.send(.beginInput(.filter)) {
      $0.input = InputLine(kind: .filter, field: TextFieldState(""), error: nil)
      $0.fittedWidths = [3, 4]
    }
    store.send(.inputKey(KeyEvent(.up))) {
      $0.input?.field = TextFieldState("id > 5")
      $0.input?.recall = {
        var r = HistoryRecall(entries: ["name like 'a*'", "id > 5"]); _ = r.previous(current: ""); return r
      }()
    }
    store.send(.inputKey(KeyEvent(.up))) {
      $0.input?.field = TextFieldState("name like 'a*'")
      _ = $0.input?.recall?.previous(current: "")
    }
    store.send(.inputKey(.ctrl("r"))) { $0.input?.reverse = ReverseSearch(entries: ["name like 'a*'", "id > 5"]) }
    store.send(.inputKey(.char(">"))) { $0.input?.reverse?.type(">") }
    #expect(store.state.input?.reverse?.match == "id > 5")
    // Characters typed in one burst (or pasted) arrive as one paste: they extend the query.
    store.send(.inputPaste(" 5")) { $0.input?.reverse?.type(" 5") }
    #expect(store.state.input?.reverse?.query == "> 5" && store.state.input?.field.text == "name like 'a*'")
    store.send(.inputKey(KeyEvent(.enter))) {
      $0.input?.field = TextFieldState("id > 5")
      $0.input?.reverse = nil
    }
    let applied = store.send(.inputKey(KeyEvent(.enter))) {
      $0.input = nil
      $0.filter = .comparison("id", .greater, .integer(5))
      $0.filterText = "id > 5"
      $0.generation = 2
      $0.window = RowWindow()
      $0.inFlight = WindowFetch(
        position: .start, offset: 0, limit: 100, placement: .firstAt(.fromStart(0)), generation: 2)
      $0.loadingSince = session.now
    }
    #expect(applied.commands == [.remember("id > 5", .filter)])
    store.skipPendingWork()  // the work this test starts but does not look at
  }
}
