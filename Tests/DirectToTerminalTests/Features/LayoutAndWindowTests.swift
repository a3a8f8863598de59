import Access
@testable import DirectToTerminal
import Qualifiers
import TerminalCore
import Testing

/// Pure pieces of the app core: the pane layout, window fetch planning, the search
/// qualifier.
@Suite struct LayoutAndWindowTests {
  @Test(arguments: [(79, 1), (80, 2), (119, 2), (120, 3), (300, 3)])
  func paneCountFollowsTheWidth(width: Int, panes: Int) {
    #expect(PaneLayout.paneCount(width: width) == panes)
    #expect(PaneLayout.visiblePageIndices(stackCount: 5, width: width) == Array((5 - panes)..<5))
  }

  @Test func anEntityListPaneStaysNarrowAndThePanesFillTheWidth() {
    let rects = PaneLayout.rects(for: [.entities, .other, .other], in: Rect(x: 0, y: 1, width: 150, height: 30))
    #expect(rects.map(\.width) == [30, 67, 53])
    #expect(rects.map(\.x) == [0, 30, 97])
    #expect(rects.allSatisfy { $0.y == 1 && $0.height == 30 })
  }

  static func window(_ range: ClosedRange<Int>, first: Int?, last: Int?) -> RowWindow {
    RowWindow(rows: FeatureFixture.items(range).rows, sortKey: ["id"], firstFromStart: first, lastFromEnd: last)
  }

  @Test func theCheapestFetchBringsTheCursorIn() {
    let window = Self.window(1...100, first: 0, last: nil)
    let after = WindowFetch.plan(target: .fromStart(150), window: window, total: nil, pageSize: 100, generation: 1)
    #expect(after.position == .after([.integer(100)]) && after.offset == 25)
    let end = WindowFetch.plan(
      target: .fromStart(999_990), window: window, total: 1_000_000, pageSize: 100, generation: 1)
    #expect(end.position == .end && end.placement == .lastAt(.fromEnd(0)))
    let next = WindowFetch.plan(target: .fromStart(100), window: window, total: nil, pageSize: 100, generation: 1)
    #expect(next.placement == .append, "right after the window: appended, no OFFSET")
    let fromEnd = WindowFetch.plan(target: .fromEnd(3), window: RowWindow(), total: nil, pageSize: 100, generation: 1)
    #expect(fromEnd.position == .end && fromEnd.offset == 0)
  }

  @Test func withoutAKeyNeighbouringPagesAreFetchedByOffset() {
    var window = Self.window(101...200, first: 100, last: nil)
    window.identifiesRows = false
    let next = WindowFetch.neighbour(appending: true, window: window, pageSize: 40, generation: 1)
    #expect(next?.position == .start && next?.offset == 200 && next?.limit == 40 && next?.placement == .append)
    let previous = WindowFetch.neighbour(appending: false, window: window, pageSize: 40, generation: 1)
    #expect(previous?.position == .start && previous?.offset == 60 && previous?.limit == 40)
    #expect(previous?.placement == .prepend)
    var fromEnd = Self.window(101...200, first: nil, last: 30)
    fromEnd.identifiesRows = false
    let after = WindowFetch.neighbour(appending: true, window: fromEnd, pageSize: 40, generation: 1)
    #expect(after?.position == .end && after?.offset == 0 && after?.limit == 30, "the 30 rows left, no more")
    let before = WindowFetch.neighbour(appending: false, window: fromEnd, pageSize: 40, generation: 1)
    #expect(before?.position == .end && before?.offset == 130 && before?.limit == 40)
    let jump = WindowFetch.plan(target: .fromStart(450), window: window, total: nil, pageSize: 100, generation: 1)
    #expect(jump.position == .start && jump.offset == 425, "no page key: from the start by offset")
    window.identifiesRows = true
    let keyed = WindowFetch.neighbour(appending: true, window: window, pageSize: 40, generation: 1)
    #expect(keyed?.position == .after([.integer(200)]) && keyed?.offset == 0)
  }

  @Test func placingPagesKnowsWhereTheyAre() {
    var window = Self.window(1...100, first: 0, last: nil)
    let append = WindowFetch(
      position: .after([.integer(100)]), offset: 0, limit: 100, placement: .append, generation: 1)
    append.apply(FeatureFixture.items(101...150), to: &window)
    #expect(window.rows.count == 150 && window.atEnd && window.knownTotal == 150)
    #expect(window.index(of: .fromEnd(0)) == 149 && window.index(of: .fromStart(149)) == 149)
    var big = Self.window(1...600, first: 0, last: nil)
    append.apply(FeatureFixture.items(601...700), to: &big)
    #expect(big.rows.count == RowWindow.maxRows && big.firstFromStart == 100, "trimmed at the far end")
  }

  @Test func searchMatchesTextAnywhereAndNumbersExactly() throws {
    let entity = try #require(FeatureFixture.model[entity: "Item"])
    #expect(SearchQualifier.make("  ", entity: entity) == nil)
    #expect(
      SearchQualifier.make("it", entity: entity)
        == .or([.comparison("name", .caseInsensitiveLike, .string("*it*"))]))
    #expect(
      SearchQualifier.make("42", entity: entity)
        == .or([.comparison("id", .equal, .integer(42)), .comparison("name", .caseInsensitiveLike, .string("*42*"))]))
  }
}
