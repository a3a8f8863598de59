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

  @Test func bidiMarksAndLineSeparatorsAreShownInTextAndEscapedInJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("marks.sqlite").path
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().executeScript(
      "CREATE TABLE \"t\u{200F}x\" (id INTEGER PRIMARY KEY, \"a\u{2028}b\" TEXT, \"c\u{061C}d\u{202E}e\u{85}\" TEXT)")
    let hidden: Set<UInt32> = [0x200F, 0x2028, 0x061C, 0x202E, 0x85]

    let text = try D2TProcess.run(["model", path])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(!text.stdout.unicodeScalars.contains { hidden.contains($0.value) })
    #expect(text.stdout.contains("a<U+2028>b") && text.stdout.contains("c<U+061C>d<U+202E>e<U+0085>"), "\(text.stdout)")

    let json = try D2TProcess.run(["model", path, "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(!json.stdout.unicodeScalars.contains { hidden.contains($0.value) })
    #expect(json.stdout.contains(#"c\u061cd\u202ee\u0085"#), "\(json.stdout)")
    let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let names = (decoded?["entities"] as? [[String: Any]])?.first?["attributes"] as? [[String: Any]]
    #expect(
      names?.contains { ($0["column"] as? String) == "c\u{061C}d\u{202E}e\u{85}" } == true,
      "the JSON still means the name")
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
