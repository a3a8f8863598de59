import Foundation
import Testing

/// The assistant through the real `d2t`: with no `--rules` file it writes
/// `$XDG_CONFIG_HOME/d2t/rules/DATABASE.rules`, which the next start on that database loads
/// and other databases do not; `d2t rules check` passes it.
@Suite struct AssistantCLITests {
  @Test func hideAndRelabelGoToTheDatabasesRuleFileAndPersist() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let config = demo.directory.url.appendingPathComponent("config")
    let environment = ["XDG_CONFIG_HOME": config.path]
    let first = try D2TProcess.run(
      [
        demo.path, "--headless", "--size", "120x12", "--keys",
        "Enter A Enter Enter Escape A Down Down Down Down Enter C-u Given Enter Enter",
      ],
      environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    // One file per connection: `sakila-HASH.rules`, its header naming the connection.
    let folder = config.appendingPathComponent("d2t/rules")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("sakila-") },
      "the assistant's file")
    #expect(name.count == "sakila-12345678.rules".count, "\(name)")
    #expect(
      first.stdout.contains("Wrote \(name):5: task = 'list' AND entity.name = 'Actor' AND propertyKey"),
      "\(first.stdout)")
    let file = folder.appendingPathComponent(name)
    let text = try String(contentsOf: file, encoding: .utf8)
    let header = try #require(text.split(separator: "\n").first)
    #expect(
      header.hasPrefix("# d2t assistant rules for the database 'SQLite /") && header.contains("sakila"), "\(header)")
    #expect(
      text.drop { $0 != "\n" }.dropFirst() == """

        # ── rules written by the d2t assistant ──
        task = 'list' AND entity.name = 'Actor' => displayPropertyKeys <= ('firstName', 'lastName', 'lastUpdate')
        task = 'list' AND entity.name = 'Actor' AND propertyKey = 'firstName' => displayNameForProperty <= 'Given'

        """)

    let next = try D2TProcess.run(
      [demo.path, "--headless", "--size", "100x6", "--keys", "Enter"], environment: environment)
    #expect(next.stdoutLines.contains { $0.contains(/│Given +Last Name +Last Update +1\/200 │/) }, "\(next.stdout)")

    let otherPath = demo.directory.url.appendingPathComponent("other.sqlite").path
    try FileManager.default.copyItem(atPath: demo.path, toPath: otherPath)
    let other = try D2TProcess.run(
      [otherPath, "--headless", "--size", "100x6", "--keys", "Enter"], environment: environment)
    #expect(
      other.stdoutLines.contains { $0.contains(/│ Id First Name +Last Name/) },
      "not loaded for another database: \(other.stdout)")

    let check = try D2TProcess.run(["rules", "check", file.path, "--database", demo.path], environment: environment)
    #expect(check.status == 0 && check.stdout.contains("0 errors, 0 warnings"), "\(check.stdout)\(check.stderr)")
  }

  @Test func aRuleFileThatCannotBeWrittenIsReportedAndNothingIsLost() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    // The config folder is a plain file: no rules folder can be made in it.
    let config = demo.directory.url.appendingPathComponent("config")
    try Data("not a folder".utf8).write(to: config)
    let run = try D2TProcess.run(
      [demo.path, "--headless", "--size", "140x12", "--keys", "Enter A Enter Enter"],
      environment: ["XDG_CONFIG_HOME": config.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Not written: cannot create the folder"), "\(run.stdout)")
    #expect(run.stdout.contains(/│ Id First Name +Last Name/), "the list is as it was: \(run.stdout)")
    #expect(try String(contentsOf: config, encoding: .utf8) == "not a folder")
  }

  @Test func rulesExplainOnADatabaseLoadsItsAssistantFileAsTheAppDoes() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let config = demo.directory.url.appendingPathComponent("config")
    let folder = config.appendingPathComponent("d2t/rules")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
    # d2t assistant rules for the database 'sakila' (loaded only for it)

    # ── rules written by the d2t assistant ──
    task = 'list' AND entity.name = 'Actor' AND propertyKey = 'firstName' => displayNameForProperty <= 'Given'

    """.write(to: folder.appendingPathComponent("sakila.rules"), atomically: false, encoding: .utf8)
    try "# another database's\n".write(
      to: folder.appendingPathComponent("other.rules"), atomically: false, encoding: .utf8)
    let explained = try D2TProcess.run(
      [
        "rules", "explain", "displayNameForProperty", "--context", "task=list entity=Actor propertyKey=firstName",
        demo.path,
      ], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(explained.stdout.contains("'Given'"), "\(explained.stdout)")
    #expect(explained.stdout.contains("sakila.rules:4"), "\(explained.stdout)")
  }
}
