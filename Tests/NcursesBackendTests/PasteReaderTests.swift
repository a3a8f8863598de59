import Testing

@testable import NcursesBackend

/// The bulk paste reader's byte handling: a character split across reads waits for the
/// rest, the end marker is found, and ncurses' input is cut right after a paste start.
@Suite struct PasteReaderTests {
  @Test func aCharacterSplitAcrossReadsWaitsForTheRest() {
    let text = Array("ab日".utf8)
    #expect(PasteReader.completeUTF8Prefix(text) == text.count)
    #expect(PasteReader.completeUTF8Prefix(Array(text.dropLast())) == 2)
    #expect(PasteReader.completeUTF8Prefix(Array(text.dropLast(2))) == 2)
    #expect(PasteReader.completeUTF8Prefix(Array("é".utf8).dropLast() + []) == 0)
    #expect(PasteReader.completeUTF8Prefix(Array("x😀".utf8)) == 5)
  }

  @Test func theEndMarkerIsFound() {
    let bytes = Array("pasted\u{1B}[201~\u{1B}[A".utf8)
    #expect(PasteReader.firstRange(of: PasteReader.endMarker, in: bytes) == 6..<12)
    #expect(PasteReader.firstRange(of: PasteReader.endMarker, in: Array("no end\u{1B}[20".utf8)) == nil)
  }

  @Test func readingStopsRightAfterAPasteStart() {
    let start: [RawInput] = [.character(120)] + InputDecoder.pasteStart.map { .character($0) }
    #expect(NcursesBackend.endsWithPasteStart(start))
    #expect(!NcursesBackend.endsWithPasteStart(Array(start.dropLast())))
  }
}
