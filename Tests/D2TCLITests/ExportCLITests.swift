import Foundation
import Testing
import TestSupport

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

  /// With no `--columns`, SQL leaves out a generated column (which an INSERT may not
  /// name), as the in-app export does; naming it is refused.
  @Test func sqlLeavesOutGeneratedColumns() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let path = scratch.url.appendingPathComponent("generated.sqlite3").path
    let made = try ProcessRunner.run(
      "/usr/bin/sqlite3",
      [
        path,
        "CREATE TABLE item (id INTEGER PRIMARY KEY, qty INT, price INT, total INT AS (qty * price)); "
          + "INSERT INTO item (id, qty, price) VALUES (1, 2, 3);",
      ])
    try #require(made.status == 0, "\(made.output)")
    let result = try D2TProcess.run(["export", path, "item", "--format", "sql"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("(\"id\", \"qty\", \"price\") VALUES (1, 2, 3)"), "\(result.stdout)")
    let named = try D2TProcess.run(["export", path, "item", "--format", "sql", "--columns", "id,total"])
    #expect(named.status == 64 && named.stderr.contains("'total' is computed by the database"), "\(named.stderr)")
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

  /// Password-like columns stay as hidden as in the app: left out, refused by name, in a
  /// filter (which would reveal a hash through the rows it matches) and in a sort — unless a
  /// rule allows them.
  @Test func passwordColumnsAreNotExported() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let all = try D2TProcess.run(["export", demo.path, "staff", "--format", "csv"])
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.stdoutLines.first?.contains("username") == true, "\(all.stdout)")
    #expect(!all.stdout.lowercased().contains("password"), "\(all.stdoutLines.first ?? "")")
    #expect(!all.stdout.contains("8cb2237d0679ca88db6464eac60da96345513964"), "no hash exported")

    let refusals = [
      (["--columns", "username,password"], "password is password-like: it cannot be used in an export"),
      (["--filter", "password like '8cb2*'"], "password is password-like: it cannot be used in a filter"),
      (["--sort", "password"], "password is password-like: it cannot be used to sort"),
    ]
    for (options, message) in refusals {
      let refused = try D2TProcess.run(["export", demo.path, "staff", "--format", "csv"] + options)
      #expect(refused.status != 0, "\(options)")
      #expect(
        refused.stderr.contains(message + " (a rule 'allowsPasswordQueries <= true' allows it)"),
        "\(options): \(refused.stderr)")
      #expect(refused.stdout.isEmpty, "\(options): \(refused.stdout)")
    }

    let rules = demo.directory.url.appendingPathComponent("passwords.rules")
    try "attribute.isPassword = true => allowsPasswordQueries <= true\n".write(
      to: rules, atomically: true, encoding: .utf8)
    let allowed = try D2TProcess.run(
      ["export", demo.path, "staff", "--format", "csv", "--filter", "password like '8cb2*'", "--rules", rules.path])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.stdoutLines.first?.contains("password") == true, "\(allowed.stdout)")
  }
}
