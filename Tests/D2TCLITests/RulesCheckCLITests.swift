import Foundation
import Testing

/// `d2t rules check FILE… --database DATABASE`: names checked against the database's
/// model and the app's component registry, each problem at file:line:col with a caret.
@Suite struct RulesCheckCLITests {
  @Test func reportsUnknownEntityAndPropertyNamesWithCarets() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let lines = [
      #"entity.name == "Flim" => title <= "x""#,
      "task = 'list' and entity.name = 'Film' => displayPropertyKeys <= (title, lenght)",
      "propertyKey = 'rentalRate' and entity.name = 'Film' => formatter <= 'number:2'",
      "propertyKey = 'ratng' => component <= DisplayNumber",
    ]
    let file = demo.directory.url.appendingPathComponent("bad.rules")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

    let result = try D2TProcess.run(["rules", "check", "bad.rules", "--database", demo.path], in: demo.directory.url)

    #expect(result.status == 1)
    let expected = [
      diagnostic("bad.rules", 1, 16, "unknown entity 'Flim' (did you mean 'Film'?)", lines[0]),
      diagnostic("bad.rules", 2, 74, "unknown property 'lenght' (did you mean 'length'?)", lines[1]),
      diagnostic("bad.rules", 4, 15, "unknown property 'ratng' (did you mean 'rating'?)", lines[3]),
      ["1 file: 3 errors, 0 warnings", ""],
    ]
    #expect(result.stdoutLines == expected.flatMap { $0 })
  }

  /// An error as `d2t rules check` prints it: location and message, the line, a caret.
  private func diagnostic(_ file: String, _ line: Int, _ column: Int, _ message: String, _ source: String) -> [String] {
    ["\(file):\(line):\(column): error: \(message)", "    " + source, String(repeating: " ", count: 3 + column) + "^"]
  }

  /// The demo's rules check clean except for edit components the app does not have yet
  /// (the editing issue adds them, and this test changes with it) and `TitleRow`.
  @Test func demoRulesCheckCleanAgainstTheDemoDatabase() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }

    let result = try D2TProcess.run(["rules", "check", "Rules/sakila.rules", "--database", demo.path])

    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "1 file: 0 errors, 0 warnings\n")
  }

  @Test func cleanFileExitsZero() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let file = demo.directory.url.appendingPathComponent("good.rules")
    try """
    entity.name = 'Film' and propertyKey = 'length' => formatter <= 'minutes'
    task = 'list' and entity.name = 'Customer' => displayPropertyKeys <= (firstName, 'address.phone')

    """.write(to: file, atomically: true, encoding: .utf8)

    let result = try D2TProcess.run(["rules", "check", file.path, "--database", demo.path])

    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "1 file: 0 errors, 0 warnings\n")
  }
}
