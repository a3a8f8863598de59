import Foundation
@testable import TerminalCore
import Testing

/// Files the user names are read only when they are UTF-8 text in a regular file.
@Suite struct TextFileTests {
  @Test func invalidUTF8NamesTheFirstBadByteAndItsLine() throws {
    let bytes = Array("one\ntwo é\nthr".utf8) + [0xFF] + Array("ee\n".utf8)
    #expect(
      throws: TextFile.Failure(
        reason: "is not UTF-8 text: invalid byte 0xFF at byte offset 14 (line 3)", byteOffset: 14, line: 3)
    ) { try TextFile.decode(bytes) }
    #expect(try TextFile.decode(Array("ok é\n".utf8)) == "ok é\n")
  }

  @Test func directoriesDevicesAndMissingFilesAreRefused() {
    #expect(throws: TextFile.Failure(reason: "is a directory, not a file")) { try TextFile.read("/tmp") }
    #expect(throws: TextFile.Failure(reason: "is a device, not a regular file")) { try TextFile.read("/dev/zero") }
    #expect(throws: TextFile.Failure(reason: "does not exist")) { try TextFile.read("/nonexistent/d2t.rules") }
  }
}
