import Foundation
import Testing

/// `d2t --rules FILE` without a database: the DVD Rental demo keeps its own rules and the
/// user's file adds to them, loaded after them so it wins ties; the assistant writes to
/// that file.
@Suite struct DemoRulesCLITests {
  /// A scratch folder as the config and cache folders (the demo database is built there),
  /// with `mine.rules` holding `rules`.
  func setUp(_ rules: String) throws -> (scratch: TemporaryDirectory, environment: [String: String], file: String) {
    let scratch = try TemporaryDirectory()
    let file = scratch.url.appendingPathComponent("mine.rules").path
    try rules.write(toFile: file, atomically: true, encoding: .utf8)
    let environment = [
      "XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": scratch.url.appendingPathComponent("cache").path,
    ]
    return (scratch, environment, file)
  }

  @Test func rulesAddToTheDemosOwnAndWinTies() throws {
    let (scratch, environment, file) = try setUp(
      """
      entity.name = 'Customer' => displayNameForEntity <= 'Clients'
      entity.name = 'Actor' => displayNameForEntity <= 'Players'

      """)
    defer { scratch.remove() }
    let run = try D2TProcess.run(
      ["--headless", "--size", "120x12", "--rules", file, "--keys", "Enter"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    // The demo's rules: its five entities on the start page, Customer's list columns.
    let entities = run.stdoutLines.dropFirst(2).compactMap { line in
      ["Clients", "Players", "Film", "Store", "Staff", "Payment", "Rental", "Moviestars"].first {
        line.dropFirst(2).hasPrefix($0)
      }
    }
    #expect(entities.starts(with: ["Clients", "Players", "Film", "Store", "Staff"]), "\(run.stdout)")
    #expect(!run.stdout.contains("Payment") && !run.stdout.contains("Moviestars"), "\(run.stdout)")
    #expect(run.stdout.contains(/│ *First Name +Last Name +Phone/), "the demo's Customer columns:\n\(run.stdout)")
  }

  @Test func theAssistantWritesToTheRulesFileOnTheDemo() throws {
    let (scratch, environment, file) = try setUp("# mine\n")
    defer { scratch.remove() }
    let run = try D2TProcess.run(
      [
        "--headless", "--size", "120x12", "--rules", file, "--keys",
        "Enter A Down Down Down Down Enter C-u Given Enter Enter",
      ],
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Wrote mine.rules:"), "\(run.stdout)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("displayNameForProperty <= 'Given'"), "\(text)")
    #expect(run.stdout.contains(/│ *Given +Last Name +Phone/), "the demo's columns with the new label:\n\(run.stdout)")
  }
}
