import Foundation
import Testing

/// `d2t export … -o FILE` keeps a file that exists unless `--force` is given.
@Suite struct ExportOverwriteCLITests {
  @Test func anExistingFileIsKeptWithoutForceAndReplacedWithIt() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let output = demo.directory.url.appendingPathComponent("languages.csv")
    try Data("keep me\n".utf8).write(to: output)
    let arguments = ["export", demo.path, "Language", "--columns", "id", "--format", "csv", "-o", output.path]

    let refused = try D2TProcess.run(arguments)
    #expect(refused.status != 0)
    #expect(refused.stderr == "d2t: \(output.path) exists; --force replaces it\n", "\(refused.stderr)")
    #expect(try String(contentsOf: output, encoding: .utf8) == "keep me\n", "the file is untouched")

    let forced = try D2TProcess.run(arguments + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOf: output, encoding: .utf8) == "id\n1\n2\n3\n4\n5\n6\n")
  }
}
