import Foundation
import Testing

/// Bad input named clearly: files that are not rule or theme files, a size below the
/// minimum, rule cycles, and the key that lets a password be queried.
@Suite struct ClearMessagesCLITests {
  @Test func anInvalidUTF8RuleFileIsReportedWithItsByteOffset() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("latin1.rules")
    try Data("*true* => title <= 'ok'\n*true* => title <= 'caf".utf8 + [0xE9] + Data("'\n".utf8)).write(to: file)

    let result = try D2TProcess.run(["rules", "check", file.path])

    #expect(result.status != 0)
    #expect(
      result.stderr.contains(
        "cannot read the rule file \(file.path): it is not UTF-8 text: invalid byte 0xE9 at byte offset 47 (line 2)"),
      "\(result.stderr)")
  }

  @Test func directoriesAndDevicesAreNotRuleOrThemeFiles() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let directory = try D2TProcess.run(["rules", "check", scratch.url.path])
    #expect(directory.status != 0)
    #expect(directory.stderr.contains("it is a directory, not a file"), "\(directory.stderr)")

    let device = try D2TProcess.run(["rules", "check", "/dev/zero"])
    #expect(device.status != 0)
    #expect(
      device.stderr.contains("cannot read the rule file /dev/zero: it is a device, not a regular file"),
      "\(device.stderr)")

    let demo = try DemoDatabase()
    defer { demo.remove() }
    let run = try D2TProcess.run(["--headless", "--size", "100x12", "--rules", "/dev/zero", demo.path])
    let output = run.stdout + run.stderr
    #expect(output.contains("/dev/zero") && output.contains("is a device, not a regular file"), "\(output)")

    let colour = ["NO_COLOR": ""]
    let theme = try D2TProcess.run(
      ["--headless", "--size", "120x12", "--theme", "/dev/zero", demo.path], environment: colour)
    let themeOutput = theme.stdout + theme.stderr
    #expect(
      themeOutput.contains("/dev/zero:1:1: cannot read the theme file: it is a device, not a regular file"),
      "\(themeOutput)")
    let folder = try D2TProcess.run(
      ["--headless", "--size", "160x12", "--theme", scratch.url.path, demo.path], environment: colour)
    #expect(
      (folder.stdout + folder.stderr).contains("it is a directory, not a file"), "\(folder.stdout + folder.stderr)")
  }

  @Test func aSizeBelowTheMinimumSaysTheMinimum() throws {
    let result = try D2TProcess.run(["--headless", "--size", "10x3"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("--size 10x3 is below the minimum of 20x6"), "\(result.stderr)")
    let malformed = try D2TProcess.run(["--headless", "--size", "big"])
    #expect(malformed.stderr.contains("--size must be WIDTHxHEIGHT, e.g. 120x40"), "\(malformed.stderr)")
  }

  @Test func rulesCheckReportsACycleWithTheDefaults() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("cycle.rules")
    try "task = 'list' => title <= navigationBarTitle\n".write(to: file, atomically: true, encoding: .utf8)

    let result = try D2TProcess.run(["rules", "check", file.path])

    #expect(result.status == 0, "a cycle is a warning: \(result.stdout)")
    #expect(
      result.stdout.contains(
        "\(file.path):1:1: warning: these rules can form a cycle: navigationBarTitle → title → navigationBarTitle"),
      "\(result.stdout)")
    #expect(result.stdout.contains("\(file.path):1") && result.stdout.contains("defaults.rules:"))
    #expect(result.stdout.hasSuffix("1 file: 0 errors, 1 warning\n"), "\(result.stdout)")

    let explained = try D2TProcess.run(["rules", "explain", "title", "--rules", file.path, "--context", "task=list"])
    #expect(
      explained.stdout.contains("cycle: title → navigationBarTitle → title"), "\(explained.stdout)\(explained.stderr)")
  }

  @Test func anEmptyOrNonDatabaseSQLiteFileIsSaidToBeSo() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let empty = scratch.url.appendingPathComponent("empty.sqlite")
    try Data().write(to: empty)
    let opened = try D2TProcess.run(["--headless", "--size", "80x8", empty.path])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(opened.stdout.contains("This database has no tables or views"), "\(opened.stdout)")

    let text = scratch.url.appendingPathComponent("notes.sqlite")
    try String(repeating: "just some notes\n", count: 100).write(to: text, atomically: true, encoding: .utf8)
    let refused = try D2TProcess.run(["--headless", "--size", "80x8", text.path])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("is not a valid SQLite database"), "\(refused.stderr)")
  }

  @Test func rulesKeysListsTheKeyThatAllowsPasswordQueries() throws {
    let result = try D2TProcess.run(["rules", "keys"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("allowsPasswordQueries"), "\(result.stdout)")
  }
}
