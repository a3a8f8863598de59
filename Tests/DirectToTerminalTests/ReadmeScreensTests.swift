import Foundation
import TestSupport
import Testing

/// The `## Screens` captures of README.md: each block's first line is a `d2t --headless`
/// command; the rest must be what that command prints now (SQL durations aside).
/// `RECORD_SNAPSHOTS=1` rewrites the blocks.
@Suite struct ReadmeScreensTests {
  struct Capture {
    /// Line indices in the README of the command line and of the closing fence.
    var commandLine: Int
    var closingFence: Int
    var command: String
    var body: [String]
  }

  static let readme = TestDatabases.repositoryRoot.appendingPathComponent("README.md")

  static func captures(in lines: [String]) throws -> [Capture] {
    let start = try #require(lines.firstIndex(of: "## Screens"), "README.md has no ## Screens section")
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
    var captures: [Capture] = []
    var index = start
    while index < end {
      if lines[index] == "```text", index + 1 < end, lines[index + 1].hasPrefix("$ d2t ") {
        let closing = try #require(
          lines[(index + 2)..<end].firstIndex(of: "```"), "unclosed block after line \(index + 1)")
        captures.append(
          Capture(
            commandLine: index + 1, closingFence: closing, command: String(lines[index + 1].dropFirst(2)),
            body: Array(lines[(index + 2)..<closing])))
        index = closing
      }
      index += 1
    }
    return captures
  }

  /// Splits a command line into words; double quotes group words.
  static func words(_ command: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in command {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character == " " && !quoted {
        if started { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }

  /// What `d2t --headless …` prints on the demo, run through the same API.
  static func run(_ command: String) throws -> Screen {
    var words = Self.words(command)[...]
    #expect(words.popFirst() == "d2t")
    var width = 120
    var height = 40
    var keys = ""
    var debug = false
    var headless = false
    while let word = words.popFirst() {
      let value = word == "--keys" || word == "--size" ? words.popFirst() : nil
      switch word {
      case "--headless": headless = true
      case "--debug": debug = true
      case "--keys": keys = try #require(value, "--keys needs a value")
      case "--size":
        let size = try #require(value, "--size needs a value").split(separator: "x")
        width = try #require(size.first.flatMap { Int($0) }, "bad --size in \(command)")
        height = try #require(size.last.flatMap { Int($0) }, "bad --size in \(command)")
      default:
        Issue.record("the README test cannot run option \(word) of: \(command)")
      }
    }
    #expect(headless, "not a --headless command: \(command)")
    return try AppDriver.demo(debug: debug).screen(keys, width: width, height: height)
  }

  @Test func capturesAreCurrent() throws {
    var lines = try String(contentsOf: Self.readme, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let captures = try Self.captures(in: lines)
    #expect(captures.count >= 4, "entity list, customer list, film inspector and debug overlay")
    #expect(captures.contains { $0.command.contains("F12") || $0.command.contains("--debug") })
    for capture in captures.reversed() {
      let screen = try Self.run(capture.command)
      if Snapshot.recording {
        lines.replaceSubrange((capture.commandLine + 1)..<capture.closingFence, with: screen.lines)
        continue
      }
      #expect(
        Snapshot.normalized(capture.body) == Snapshot.normalized(screen.lines),
        "README.md is out of date for `\(capture.command)` (RECORD_SNAPSHOTS=1 rewrites it); now:\n\(screen)")
    }
    if Snapshot.recording {
      try lines.joined(separator: "\n").write(to: Self.readme, atomically: true, encoding: .utf8)
    }
  }

  @Test func theBinaryPrintsWhatTheAPIDraws() throws {
    let d2t = try #require(ProcessRunner.d2tPath, "no d2t binary: run swift build --product d2t")
    let capture = try #require(
      try Self.captures(
        in: String(contentsOf: Self.readme, encoding: .utf8)
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      ).dropFirst().first)
    let arguments =
      Array(Self.words(capture.command).dropFirst()) + [
        try TestDatabases.demoPath(), "--rules", TestDatabases.sakilaRules,
      ]
    let result = try ProcessRunner.run(d2t, arguments)
    #expect(result.status == 0, "\(result.output)")
    var printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if printed.last == "" { printed.removeLast() }
    // The binary names a database it is given by its file; the demo says "DVD Rental".
    let expected = try Self.run(capture.command).lines.map {
      $0.replacingOccurrences(of: " DVD Rental", with: " sakila.sqlite3")
    }
    #expect(printed == expected, "\(result.output)")
  }
}
