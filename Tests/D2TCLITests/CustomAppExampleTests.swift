import Foundation
import Testing

/// `Examples/CustomApp`, a package of its own that depends on d2t by path (issue 21 item 5):
/// it builds as another program would build it, its own component and page show, and the
/// README's embedding section is its `main.swift`, word for word.
@Suite(.serialized) struct CustomAppExampleTests {
  static let example = D2TProcess.packageRoot.appendingPathComponent("Examples/CustomApp")

  @Test func theReadmeShowsTheExamplesMainFile() throws {
    let readme = try String(contentsOf: D2TProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let main = try String(
      contentsOf: Self.example.appendingPathComponent("Sources/CustomApp/main.swift"), encoding: .utf8)
    let marker = "<!-- Examples/CustomApp/Sources/CustomApp/main.swift -->\n```swift\n"
    let start = try #require(readme.range(of: marker), "the README's embedding section names the file")
    let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
    #expect(
      String(readme[start.upperBound..<end.lowerBound]) + "\n" == main,
      "README.md's embedding code differs from Examples/CustomApp/Sources/CustomApp/main.swift")
  }

  /// Builds the example (a second build of d2t, as a dependency) and runs it headless.
  @Test func theExampleBuildsAndShowsItsOwnComponentAndPage() throws {
    let build = try Self.swift(["build", "--package-path", Self.example.path, "--product", "CustomApp"])
    try #require(build.status == 0, "the example does not build:\n\(build.output)")
    let binary = Self.example.appendingPathComponent(".build/debug/CustomApp").path
    let list = try D2TProcess.runLogged(binary, ["--headless", "Enter"])
    #expect(list.status == 0, "\(list.output)")
    #expect(list.output.contains("★★★★★"), "the StarRating component shows Alien's stars:\n\(list.output)")
    #expect(list.output.contains("★☆☆☆☆"))
    let card = try D2TProcess.runLogged(binary, ["--headless", "Enter Enter"])
    #expect(card.output.contains("🎬 Alien"), "the FilmCard page opens by rule:\n\(card.output)")
    #expect(card.output.contains("In space no one can hear you scream."))
  }

  static func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try D2TProcess.runLogged("/usr/bin/env", ["swift"] + arguments)
  }
}
