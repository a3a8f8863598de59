import TerminalCore
import Testing

@Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
  var buffer = Buffer(size: Size(width: 7, height: 2))
  let used = buffer.setString("a日本語", x: 0, y: 0)
  #expect(used == 7)
  #expect(buffer.line(0) == "a日本語")
  #expect(buffer[2, 0].isContinuation)
  buffer.setString("日本語", x: 0, y: 1, maxWidth: 5)
  #expect(buffer.line(1) == "日本   ")
}

@Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
  var buffer = Buffer(size: Size(width: 6, height: 1))
  buffer.setString("日本語", x: 0, y: 0)
  buffer.setString("x", x: 1, y: 0)
  #expect(buffer.line(0) == " x本語")
  buffer.setString("y", x: 2, y: 0)
  #expect(buffer.line(0) == " xy 語")
}

@Test func writesOutsideTheAreaAreIgnored() {
  var buffer = Buffer(area: Rect(x: 2, y: 1, width: 3, height: 1))
  buffer.setString("abcdef", x: 0, y: 1)
  #expect(buffer.line(1) == "cde")
  buffer.setString("zz", x: 0, y: 5)
  #expect(buffer.lines == ["cde"])
}

@Test func textDumpShowsGridStyleRunsAndCursor() {
  var buffer = Buffer(size: Size(width: 6, height: 2))
  buffer.setString("Name", x: 0, y: 0, style: Style(attributes: .bold))
  buffer.setString("日本", x: 0, y: 1, style: Style(foreground: .black, background: .cyan))
  buffer.cursor = Point(x: 4, y: 1)
  #expect(
    buffer.textDump == """
      │Name  │
      │日本  │
      0 0+4: bold
      1 0+4: fg=black bg=cyan
      cursor 4,1
      """)
}

@Test func diffSendsOnlyChangedCells() {
  var old = Buffer(size: Size(width: 10, height: 2))
  old.setString("hello", x: 0, y: 0)
  var new = old
  new.setString("help", x: 0, y: 0)
  new.setString("日", x: 3, y: 1)
  let changes = new.diff(from: old)
  #expect(changes.map(\.position) == [Point(x: 3, y: 0), Point(x: 3, y: 1)])
  #expect(changes.map(\.cell.text) == ["p", "日"])
}

/// A whole screen's changes come in runs no longer than asked, in order, and together are
/// the whole diff (a wide character's change is never split from its place in the order).
@Test func diffInRunsHandsOverTheSameChangesInBoundedRuns() {
  var screen = Buffer(size: Size(width: 200, height: 50))
  for y in 0..<50 { screen.setString(String(repeating: "日a", count: 60), x: y % 3, y: y) }
  let whole = screen.diff(from: Buffer(area: .zero))
  var runs: [[CellChange]] = []
  screen.diff(from: Buffer(area: .zero), inRunsOf: 1024) { runs.append($0) }
  #expect(whole.count == 10_000 - 50 * 60)
  #expect(runs.allSatisfy { !$0.isEmpty && $0.count <= 1024 })
  #expect(runs.flatMap { $0 } == whole)
  var none = 0
  screen.diff(from: screen, inRunsOf: 1024) { none += $0.count }
  #expect(none == 0)
}

@Test func diffResendsAWideCharacterWhoseRightHalfWasOverwritten() {
  var old = Buffer(size: Size(width: 4, height: 1))
  old.setString("日x", x: 0, y: 0)
  old.setString("ab", x: 0, y: 0)
  var new = old
  new.setString("日", x: 0, y: 0)
  #expect(new.diff(from: old).map(\.cell.text) == ["日"])
}

/// A right-to-left override or a BOM from data would reorder or hide what follows on a
/// bidi-aware terminal: they are drawn as `␦`, one cell each, distinct from the U+FFFD of
/// bytes that are not UTF-8.
@Test func bidiControlsAndBOMsAreDrawnVisibly() {
  var buffer = Buffer(size: Size(width: 9, height: 1))
  buffer.setString("a\u{202E}bc\u{FEFF}d\u{2066}\u{FFFD}", x: 0, y: 0)
  #expect(buffer.line(0) == "a␦bc␦d␦\u{FFFD} ")
  #expect("\u{202E}x".displayWidth == 2)
}

/// Each control from data takes one cell and tells which it is: C0 controls as their
/// Control Pictures, DEL as `␡`, C1 controls (here CSI, U+009B) as `␦`, a tab as a space.
@Test func controlCharactersAreDrawnAsTheirPictures() {
  let text = "\u{1B}[2J\u{0}\u{7}\n\r\u{7F}\u{9B}\u{85}\tz"
  var buffer = Buffer(size: Size(width: 14, height: 1))
  let written = buffer.setString(text, x: 0, y: 0)
  #expect(buffer.line(0) == "␛[2J␀␇␊␍␡␦␦ z ")
  #expect(written == 13 && text.displayWidth == 13, "one cell per control, as wide as measured")
  let drawn = buffer.cells.flatMap(\.text.unicodeScalars).map(\.value)
  #expect(!drawn.contains { $0 < 0x20 || (0x7F..<0xA0).contains($0) }, "no control reaches a cell")
}
