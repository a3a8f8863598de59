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

  /// Issue 22 item 12: a failed export (a column that does not exist) is a usage error
  /// (exit 64) that leaves no file behind, so the corrected command just runs.
  @Test func aFailedExportLeavesNoFileAndIsAUsageError() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let output = demo.directory.url.appendingPathComponent("languages.csv")
    let failed = try D2TProcess.run(
      ["export", demo.path, "Language", "--columns", "nope", "--format", "csv", "-o", output.path])
    #expect(failed.status == 64, "\(failed.stderr)")
    #expect(failed.stderr.contains("nope"), "\(failed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path), "no empty file is left")
    #expect(!FileManager.default.fileExists(atPath: output.path + ".part"))
    let corrected = try D2TProcess.run(
      ["export", demo.path, "Language", "--columns", "id", "--format", "csv", "-o", output.path])
    #expect(corrected.status == 0, "\(corrected.stderr)")
    #expect(try String(contentsOf: output, encoding: .utf8) == "id\n1\n2\n3\n4\n5\n6\n")
  }
}
