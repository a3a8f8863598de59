import TerminalCore
import Testing
import Widgets

@Test func listAsksOnlyForVisibleRowsAndShowsThePosition() {
  var asked: [Int] = []
  var state = ScrollState(selected: 500_000)
  let buffer = render(width: 30, height: 4) { buffer, area in
    ListView(count: 1_000_000, theme: theme) { i in
      asked.append(i)
      return "item \(i)"
    }.render(in: area, buffer: &buffer, state: &state)
  }
  #expect(asked == [499_997, 499_998, 499_999, 500_000])
  #expect(
    buffer.lines == [
      " item 499997                  ",
      " item 499998                  ",
      " item 499999                  ",
      "▌item 500000   500001/1000000 ",
    ])
  #expect(buffer[1, 3].style == theme[.selection])
  #expect(buffer[20, 3].style == theme[.muted])
}

@Test(arguments: [40, 12])
func listTruncatesWideTextOnAWidthBoundary(width: Int) {
  var state = ScrollState(selected: 1)
  let items = ["ASCII row", "日本語のとても長いテキストがここにあります、さらに続きます", "Zoë"]
  let buffer = render(width: width, height: 3) { buffer, area in
    ListView(count: items.count, focused: false, theme: theme) { items[$0] }
      .render(in: area, buffer: &buffer, state: &state)
  }
  let expected =
    width == 40
    ? [" ASCII row", "▌日本語のとても長いテキストがここにあり…", " Zoë"]
    : [" ASCII row", "▌日本語のと…", " Zoë"]
  #expect(buffer.lines == expected.map { $0.fitted(toWidth: width) })
  #expect(buffer.lines.allSatisfy { $0.displayWidth == width })
  #expect(buffer[1, 1].style == theme[.inactiveSelection])
}

@Test func scrollStateFollowsVimAndArrowNavigation() throws {
  var state = ScrollState()
  let keys = KeyMap<NavigationAction>.navigation
  for name in ["j", "Down", "C-d", "G", "k", "g", "PageDown", "C-u"] {
    let event = KeyNames.parse(name)[0]
    let action = try #require(keys.action(for: event))
    state.apply(action, count: 100, pageSize: 10)
  }
  #expect(state.selected == 5)
  state.apply(.bottom, count: 100, pageSize: 10)
  state.scrollIntoView(count: 100, visibleRows: 10)
  #expect(state.offset == 90)
  state.scrollIntoView(count: 0, visibleRows: 10)
  #expect(state.selected == nil)
}

@Test func clicksMapToRowsBelowTheScrollOffset() {
  let state = ScrollState(selected: 30, offset: 25)
  let area = Rect(x: 2, y: 3, width: 20, height: 10)
  #expect(state.index(at: Point(x: 5, y: 3), in: area, count: 100) == 25)
  #expect(state.index(at: Point(x: 5, y: 12), in: area, count: 100) == 34)
  #expect(state.index(at: Point(x: 5, y: 12), in: area, count: 30) == nil)
  #expect(state.index(at: Point(x: 1, y: 5), in: area, count: 100) == nil)
  #expect(state.index(at: Point(x: 5, y: 5), in: Table.bodyArea(of: area), count: 100) == 26)
}
