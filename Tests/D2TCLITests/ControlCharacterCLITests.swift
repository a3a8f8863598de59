import Access
import Foundation
import SQLiteAdaptor
import Testing

/// Names and values from a database never reach the terminal as control sequences.
@Suite struct ControlCharacterCLITests {
  @Test func modelShowsControlCharactersInNamesVisibly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("hostile.sqlite").path
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().executeScript(
      "CREATE TABLE \"\u{1B}]0;pwned\u{07}\" (id INTEGER PRIMARY KEY, \"\u{1B}[2J\" TEXT, \"a\u{202E}b\" TEXT)")

    let result = try D2TProcess.run(["model", path])

    #expect(result.status == 0, "\(result.stderr)")
    for output in [result.stdout, result.stderr] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
    #expect(result.stdout.contains("␛]0;pwned␇"))
    #expect(result.stdout.contains("␛[2J"))
    #expect(result.stdout.contains("a<U+202E>b"))
  }

  @Test func errorsShowControlCharactersVisibly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }

    let result = try D2TProcess.run(["model", "missing\u{1B}]0;pwned\u{07}.db"], in: directory.url)

    #expect(result.status != 0)
    #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(result.stderr.contains("␛]0;pwned␇"))
  }
}
