import TerminalCore
import Testing

@Test(arguments: [
  ("abc", 3), ("日本語", 6), ("한글", 4), ("Ａ", 2), ("e\u{301}", 1), ("😀", 2), ("✅", 2),
  ("⚠", 1), ("⚠\u{FE0F}", 1), ("👨‍👩‍👧", 6), ("🇯🇵", 2), ("👍🏽", 4), ("│─┌", 3), ("·°", 2),
  ("a\tb", 3), ("", 0),
])
func displayWidthMatchesGlibc(text: String, width: Int) {
  #expect(text.displayWidth == width)
}

@Test func clustersKeepCombiningMarksAndDropJoiners() {
  var clusters: [String] = []
  DisplayWidth.forEachCluster("e\u{301}x👨‍👩‍👧") { cluster, _ in
    clusters.append(cluster)
    return true
  }
  #expect(clusters == ["e\u{301}", "x", "👨", "👩", "👧"])
}

@Test(arguments: [
  ("Hello, world", 8, "Hello, …"),
  ("Hello", 5, "Hello"),
  ("日本語テキスト", 6, "日本 …"),
  ("日本語テキスト", 7, "日本語…"),
  ("abc", 1, "…"),
  ("abc", 0, ""),
])
func truncationEndsOnAWidthBoundary(text: String, width: Int, expected: String) {
  let cut = text.truncated(toWidth: width)
  #expect(cut == expected)
  #expect(cut.displayWidth <= width)
}

@Test func fittingPadsAndAligns() {
  #expect("ab".fitted(toWidth: 5, alignment: .right) == "   ab")
  #expect("ab".fitted(toWidth: 5, alignment: .center) == " ab  ")
  #expect("日本".fitted(toWidth: 5) == "日本 ")
}
