import Access
import Foundation
import Testing

/// `d2t rules explain KEY --context '…' DATABASE`: the context names the model's entities
/// and fetches rows with `object=PK`, read through the app's own rule objects.
@Suite struct RulesExplainCLITests {
  @Test func explainsAFilmTitleFromItsRow() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let film = try #require(try demo.row(of: "Film", key: ["id": .integer(1)]))
    let title = try #require(film["title"]).plainTextForTests

    let result = try D2TProcess.run(
      ["rules", "explain", "title", "--context", "task=inspect entity=Film object=1", demo.path])

    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutLines
    #expect(lines.first == "title = '\(title)'")
    #expect(lines.dropFirst().first?.hasPrefix("  from defaults.rules:") == true)
    #expect(lines.dropFirst(2).first == "    object is not null => title <= object.defaultTitle; 3")
  }

  @Test func explainsWithRuleFilesForAttributesAndKeyPaths() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }

    let result = try D2TProcess.run([
      "rules", "explain", "formatter", "--rules", "Rules/sakila.rules",
      "--context", "task=inspect entity=Film propertyKey=rentalRate object=1", demo.path,
    ])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdoutLines.prefix(3) == [
        "formatter = CurrencyFormatter",
        "  from Rules/sakila.rules:30 (priority normal, complexity 1)",
        "    propertyKey in ('rentalRate', 'replacementCost', 'amount') => formatter <= CurrencyFormatter",
      ])
    #expect(result.stdout.contains("defaults.rules:52 (priority fallback, complexity 1)"))

    let keyPath = try D2TProcess.run([
      "rules", "explain", "displayNameForProperty", "--rules", "Rules/sakila.rules",
      "--context", "task=inspect entity=Customer propertyKey=address.phone", demo.path,
    ])
    #expect(keyPath.status == 0, "\(keyPath.stderr)")
    #expect(
      keyPath.stdoutLines.prefix(2) == [
        "displayNameForProperty = 'Phone'",
        "  from Rules/sakila.rules:25 (priority normal, complexity 1)",
      ])
  }

  /// `object.actors.lastName` reads the film's actors, as the app does: the rule holds for
  /// a film with such an actor and not for one without.
  @Test func readsARowsToManyAsTheAppDoes() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let actor = try #require(
      try demo.firstRow(
        "SELECT a.last_name FROM actor a JOIN film_actor fa ON fa.actor_id = a.actor_id WHERE fa.film_id = 1 LIMIT 1"))
    let name = try #require(actor[0].stringValue)
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-explain-\(UUID().uuidString).rules")
    try "entity.name = 'Film' and object.actors.lastName = '\(name)' => isObjectEditable <= false\n"
      .write(to: rules, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: rules) }
    func explain(_ film: Int) throws -> String? {
      try D2TProcess.run([
        "rules", "explain", "isObjectEditable", "--rules", rules.path,
        "--context", "task=inspect entity=Film object=\(film)", demo.path,
      ]).stdoutLines.first
    }
    #expect(try explain(1) == "isObjectEditable = false")
    let without = try #require(
      try demo.firstRow(
        "SELECT f.film_id FROM film f WHERE NOT EXISTS (SELECT 1 FROM film_actor fa JOIN actor a "
          + "ON a.actor_id = fa.actor_id WHERE fa.film_id = f.film_id AND a.last_name = '\(name)') LIMIT 1"))
    #expect(try explain(Int(try #require(without[0].int64Value))) == "isObjectEditable = true")
  }

  @Test func fetchesARowByACompoundKeyInKeyOrder() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let pair = try #require(try demo.firstRow("SELECT actor_id, film_id FROM film_actor ORDER BY film_id DESC LIMIT 1"))
    let actor = try #require(pair[0].int64Value)
    let film = try #require(pair[1].int64Value)

    let result = try D2TProcess.run(
      ["rules", "explain", "title", "--context", "task=inspect entity=FilmActor object=\(actor),\(film)", demo.path])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.first == "title = '\(actor) \(film)'")
  }

  /// Each mistake is one line on standard error and a failing exit status.
  @Test func reportsBadContextsInOneLine() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let cases: [(context: String, message: String)] = [
      ("entity=Flim object=1", "no entity 'Flim' in the database"),
      ("entity=Film object=999999", "no Film with primary key 999999"),
      ("entity=Film object=abc", "object=abc: 'abc' is not a valid bigint for Film.id"),
      (
        "entity=Film object=1,2",
        "object=1,2: Film's primary key has 1 column: give one value for each, in this order: object=id"
      ),
      (
        "entity=FilmActor object=1",
        "object=1: FilmActor's primary key has 2 columns: give one value for each, in this order: object=actorId,filmId"
      ),
      ("entity=ActorInfo object=1", "ActorInfo has no primary key, so object= cannot name one of its rows"),
      ("task=inspect object=1", "--context: object= needs entity= to name the row's entity"),
      ("entity=Film propertyKey=titel", "no property 'titel' in entity Film"),
      ("entity=Customer propertyKey=address.phon", "no property 'address.phon' in entity Customer"),
      ("entity=Film object=", "--context: column 20: expected a primary key value after 'object=', found end of input"),
    ]
    for (context, message) in cases {
      let result = try D2TProcess.run(["rules", "explain", "title", "--context", context, demo.path])
      #expect(result.status != 0, "\(context)")
      #expect(result.stdout == "", "\(context)")
      #expect(result.stderr == "d2t: \(message)\n", "\(context)")
    }
  }

  /// `--unmatched` adds the rules for the key that did not match, each with the first
  /// comparison that failed and the value the context has; control characters in values
  /// are shown visibly.
  @Test func unmatchedShowsTheFailedComparisons() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("app.rules")
    try """
    entity.name = 'Film' => displayNameForEntity <= 'Films'
    task = 'edit' and entity.name = 'Customer' => displayNameForEntity <= 'Edit \u{1b}[2J'
    task = 'list' => displayNameForEntity <= 'Things'

    """.write(to: file, atomically: true, encoding: .utf8)
    let arguments = [
      "rules", "explain", "displayNameForEntity", "--rules", file.path, "--context", "task=list entity=Customer",
    ]

    let plain = try D2TProcess.run(arguments)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(!plain.stdout.contains("did not match"))

    let result = try D2TProcess.run(arguments + ["--unmatched"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutLines
    let header = try #require(lines.firstIndex(of: "  did not match:"), "\(result.stdout)")
    #expect(
      Array(lines[(header + 1)...].prefix(4)) == [
        "    \(file.path):2 (priority normal, complexity 2): task = 'edit' failed: task is 'list'",
        "      task = 'edit' AND entity.name = 'Customer' => displayNameForEntity <= 'Edit ␛[2J'",
        "    \(file.path):1 (priority normal, complexity 1): entity.name = 'Film' failed: entity.name is 'Customer'",
        "      entity.name = 'Film' => displayNameForEntity <= 'Films'",
      ])
    #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
  }
}

extension DatabaseValue {
  /// Text as `d2t` prints it in titles.
  var plainTextForTests: String {
    if case .text(let text) = self { return text }
    return literalText
  }
}
