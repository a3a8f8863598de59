import Foundation
import Testing

/// `d2t export DB ENTITY [--filter Q] [--sort K] [--columns …] --format … [-o FILE]`.
@Suite struct ExportCLITests {
  @Test func csvOfAFilteredSortedEntityWithKeyPaths() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }

    let result = try D2TProcess.run([
      "export", demo.path, "customer", "--filter", "lastName like 'S*'", "--sort", "firstName desc",
      "--columns", "firstName, lastName, address.phone", "--format", "csv",
    ])

    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutLines
    #expect(lines.first == "firstName,lastName,address.phone")
    #expect(lines.last == "", "ends with a newline")
    let rows = lines.dropFirst().dropLast()
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0.split(separator: ",")[1].hasPrefix("S") })
    let names = rows.map { String($0.split(separator: ",")[0]) }
    #expect(names == names.sorted(by: >))
    #expect(result.stderr == "", "no progress bar when standard error is not a terminal")
  }

  @Test func jsonLinesToAFile() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let output = demo.directory.url.appendingPathComponent("languages.jsonl")

    let result = try D2TProcess.run([
      "export", demo.path, "Language", "--columns", "id,name", "--format", "jsonl", "-o", output.path,
    ])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "")
    let text = try String(contentsOf: output, encoding: .utf8)
    #expect(text.hasPrefix("{\"id\":1,\"name\":\"English"))
    #expect(text.split(separator: "\n").count == 6)
  }

  @Test func unknownEntityFails() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let result = try D2TProcess.run(["export", demo.path, "nothing", "--format", "csv"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("no entity or table named 'nothing'"))
  }
}
