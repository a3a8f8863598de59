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

/// Whether a text fits is answered from its first columns: a 1 MB search shown in a
/// one-line field costs the field's width, not the text's length, at each frame.
@Test(arguments: [
  ("abc", 3, true), ("abcd", 3, false), ("日本", 4, true), ("日本", 3, false), ("e\u{301}e\u{301}", 2, true),
  ("", 0, true),
])
func fitsAgreesWithTheWidth(text: String, width: Int, fits: Bool) {
  #expect(DisplayWidth.fits(text, in: width) == fits)
  #expect((text.displayWidth <= width) == fits)
}

@Test func aMegabyteLineIsFittedFromItsStart() {
  let line = String(repeating: "a", count: 1_000_000) + "日"
  #expect(line.fitted(toWidth: 10) == "aaaaaaaaa…")
  #expect(!DisplayWidth.fits(line, in: 1_000_000))
  #expect(DisplayWidth.fits(line, in: 1_000_002))
}
