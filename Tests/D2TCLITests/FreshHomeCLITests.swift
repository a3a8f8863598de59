import Foundation
import Testing

/// Issue 27 item 1: every subcommand run as `env -i HOME=… PATH=…` would run it keeps what
/// it writes under that HOME (the demo in `.cache/d2t`, history and logs in
/// `.local/state/d2t`), reads its config from `.config/d2t`, and leaves no trace of its
/// connections in the d2t folders of the user running the tests (which other tests, running
/// meanwhile, write to: only what names this test's folder is looked for).
@Suite struct FreshHomeCLITests {
  /// The names of a folder's files and what its small text files hold.
  static func traces(_ folder: String) -> String {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return "" }
    return walker.compactMap { item -> String? in
      guard let path = item as? String else { return nil }
      let contents = FileManager.default.contents(atPath: folder + "/" + path).flatMap { data in
        data.count < 100_000 ? String(data: data, encoding: .utf8) : nil
      }
      return path + "\n" + (contents ?? "")
    }.joined(separator: "\n")
  }

  @Test func everySubcommandStaysInHome() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let own = NSHomeDirectory()
    let watched = [".cache/d2t", ".config/d2t", ".local/state/d2t"].map { own + "/" + $0 }
    // The fresh HOME's own name (in every connection name, history file and recent line of it).
    let mark = home.url.lastPathComponent
    let environment = ["HOME": home.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let shop = home.url.appendingPathComponent("shop.sqlite3").path
    let rules = home.url.appendingPathComponent("mine.rules").path
    try "entity.name = 'Film' => displayNameForEntity <= 'Movie'\n".write(
      toFile: rules, atomically: true, encoding: .utf8)
    let runs: [[String]] = [
      ["--headless", "--size", "80x8", "--keys", "Down Enter / a Enter"],
      ["sakila", "create", shop],
      ["model", shop],
      ["export", shop, "language", "--format", "csv"],
      ["rules", "defaults"], ["rules", "keys"], ["rules", "check", rules, "--database", shop],
      ["rules", "format", "--check", rules],
      ["rules", "explain", "displayNameForEntity", "--context", "entity.name = 'Film'", "--rules", rules, shop],
      ["journal", shop, "--format", "sql"],
      ["config", "check"], ["config", "path"], ["manual"], ["--version"], ["--help"],
    ]
    for arguments in runs {
      let result = try D2TProcess.run(arguments, environment: environment, onlyEnvironment: true)
      // `journal` on a connection without one exits 1, saying so; nothing else fails.
      #expect(
        result.status == 0 || (arguments.first == "journal" && result.stderr.contains("no journal")),
        "\(arguments): \(result.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".cache/d2t").path))
    #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".local/state/d2t").path))
    #expect(
      watched.allSatisfy { !Self.traces($0).contains(mark) }, "the user's own d2t folders hold nothing of these runs")
  }
}
