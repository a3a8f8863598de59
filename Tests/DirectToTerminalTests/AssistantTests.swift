import DirectToTerminal
import Foundation
import Rules
import Testing

/// A copy of a rule file in a scratch folder, which the assistant writes (as it would the
/// `--rules` file given last).
struct AssistantRules {
  let directory: URL
  let path: String
  let original: String

  init(_ text: String? = nil) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-assistant-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent("my.rules").path
    original = try text ?? String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)
    try original.write(toFile: path, atomically: false, encoding: .utf8)
  }

  var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// The driver loading this file and writing to it.
  func driver(_ base: AppDriver) -> AppDriver {
    var driver = base
    driver.ruleFiles = [path]
    driver.assistantRuleFile = path
    return driver
  }

  /// What `d2t rules check` says about the file (errors and warnings), with the app's names.
  var problems: [String] {
    var names = DefaultRules.names
    names[.formatter, default: []].formUnion(ComponentRegistry.standard.formatterNames)
    names[.component, default: []].formUnion(ComponentRegistry.standard.componentNames)
    names[.page, default: []].formUnion(PageRegistry.standard.names)
    return RuleChecker(names: names).check([RuleFile(name: path, text: text)]).map(\.summary)
  }

  /// Line `number` (1-based) of the file now.
  func line(_ number: Int) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.indices.contains(number - 1) ? String(lines[number - 1]) : ""
  }

  /// The 1-based numbers of the original's lines that are no longer as they were (the file
  /// may also have grown an assistant section after them).
  var changedLines: [Int] {
    let before = original.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let after = text.split(separator: "\n", omittingEmptySubsequences: false)
    return before.indices.filter { !after.indices.contains($0) || after[$0] != before[$0] }.map { $0 + 1 }
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// The demo's own rule for the customer list's columns, which the assistant edits in place.
let customerColumnsLine = 16

/// Hide a column and relabel another on the customer list with the assistant; a new
/// session on the same database and rule file shows both. The file keeps what it had.
func hideAndRelabelPersist(_ base: AppDriver) throws {
  let rules = try AssistantRules()
  defer { rules.remove() }
  let driver = rules.driver(base)
  var app = driver.makeApp()
  let hidden = run(&app, "Enter A Enter", width: 120, height: 30)
  #expect(hidden.contains("1 Customer in list (default)"), "\(hidden)")
  #expect(hidden.contains("task = 'list' AND entity.name ="), "\(hidden)")
  #expect(hidden.contains("displayPropertyKeys"), "\(hidden)")
  #expect(hidden.contains("'address.phone')"), "\(hidden)")
  #expect(!hidden.contains("; 101"), "the rule it replaces had the default priority: \(hidden)")
  _ = run(&app, "Enter", width: 120, height: 30)
  #expect(
    rules.line(customerColumnsLine)
      == "task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= ('lastName', 'address.phone')",
    "the file's own rule for the same key and predicate is edited in place: \(rules.text)")
  let relabelled = run(&app, "Escape A Down Down Down Down Enter C-u Surname Enter Enter", width: 120, height: 30)
  #expect(relabelled.contains(/Surname +Phone/), "\(relabelled)")
  #expect(!relabelled.contains("First Name"), "\(relabelled)")
  #expect(rules.changedLines == [customerColumnsLine], "the file keeps its comments and layout: \(rules.text)")
  #expect(rules.text.contains("propertyKey = 'lastName' => displayNameForProperty <= 'Surname'"), "\(rules.text)")
  #expect(rules.problems.isEmpty, "\(rules.problems)")
  app.shutDown()

  var next = driver.makeApp()
  defer { next.shutDown() }
  let list = try #require(run(&next, "Enter", width: 120, height: 20).pane(titled: "Customer (599)"))
  #expect(list[0].contains(/^Surname +Phone +1\/599$/), "\(list)")
  #expect(list[1].contains(/^VANCE +558931910242$/), "\(list)")
}

@Suite(.serialized) struct AssistantTests {
  @Test func hideAndRelabelPersistOnTheDemo() throws {
    try hideAndRelabelPersist(try AppDriver.demo())
  }

  @Test func saysSoWhenAMoreSpecificRuleStillWins() throws {
    let own =
      "task = 'list' and entity.name = 'Customer' and propertyKey = 'lastName' => displayNameForProperty <= 'Family'"
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)) + own + "\n")
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    // Last Name relabelled for Customer in every task: the user's list rule is more specific.
    let scope = run(&app, "Enter ] A Down Down Down Down Enter C-u Surname Enter Down", width: 160, height: 40)
    #expect(scope.contains("⚠ my.rules:53 is more specific and still wins"), "\(scope)")
    let written = run(&app, "Enter", width: 160, height: 40)
    #expect(
      written.contains("Wrote my.rules:56, but my.rules:53 is more specific and still wins"),
      "the banner says so too: \(written)")
    #expect(written.contains(/Family +Phone/), "\(written)")
    #expect(
      rules.text.hasSuffix(
        "entity.name = 'Customer' AND propertyKey = 'lastName' => displayNameForProperty <= 'Surname'\n"))
  }

  @Test func aHiddenColumnShownAgainReturnsToItsPlace() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let hidden = run(&app, "Enter ] A Enter Enter")
    #expect(hidden.contains(/First Name +Phone/), "\(hidden)")
    let shown = run(&app, "Enter Enter")
    #expect(shown.contains(/First Name +Last Name +Phone/), "\(shown)")
    #expect(
      rules.line(customerColumnsLine)
        == "task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= ('firstName', 'lastName', 'address.phone')",
      "\(rules.text)")
    #expect(!rules.text.contains("# ── rules written by the d2t assistant ──"), "nothing appended: \(rules.text)")
  }

  @Test func undoTakesTheLastWrittenRuleBack() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    _ = run(&app, "Enter A Enter Enter")
    #expect(rules.text != rules.original)
    let undone = run(&app, "u")
    #expect(rules.text == rules.original, "the file's own rule is back as it was: \(rules.text)")
    #expect(undone.contains(/First Name +Last Name +Phone/), "\(undone)")
    #expect(undone.contains("Undone: restored task = 'list' and entity.name = 'Customer'"), "\(undone)")
    #expect(run(&app, "u").contains("written nothing to undo"))
  }

  @Test func currencyFormatterForADecimalFieldWithAPreview() throws {
    let sakila = try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)
    let withoutCurrency = sakila.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("CurrencyFormatter") }.joined(separator: "\n")
    let rules = try AssistantRules(withoutCurrency)
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    // The film AMBER ANCHOR's rental rate in the inspector, then the formatter option.
    let field = run(&app, "Down Down Enter Enter Down Down Down Down Down Down Down", width: 150, height: 40)
    #expect(field.contains(/▌Rental Rate +2\.99/), "\(field)")
    let choosing = run(&app, "A Down Down Down Down Down Enter", width: 150, height: 40)
    #expect(choosing.contains("Formatter (now DecimalFormatter"), "\(choosing)")
    #expect(choosing.contains(/currency +→ \$2\.99/), "\(choosing)")
    #expect(choosing.contains(/percent +→ 299%/), "\(choosing)")
    let names =
      ["(none)"]
      + [
        "currency", "number", "integer", "percent", "date", "time", "datetime", "days",
        "minutes", "CurrencyFormatter", "DaysDurationFormatter", "MinutesDurationFormatter", "IntegerFormatter",
        "DecimalFormatter", "DoubleFormatter", "DateFormatter", "TimeFormatter", "DateTimeFormatter",
      ].sorted()
    let steps =
      try #require(names.firstIndex(of: "currency")) - (try #require(names.firstIndex(of: "DecimalFormatter")))
    let scope = run(
      &app, Array(repeating: "Down", count: steps).joined(separator: " ") + " Enter", width: 150, height: 40)
    #expect(scope.contains("formatter <=") && scope.contains("currency"), "\(scope)")
    let written = run(&app, "Enter Escape", width: 150, height: 40)
    #expect(written.contains(/Rental Rate +\$2\.99/), "\(written)")
    #expect(
      rules.text.hasSuffix(
        "task = 'inspect' AND entity.name = 'Film' AND propertyKey = 'rentalRate' => formatter <= currency\n"))
    #expect(rules.text.hasPrefix(rules.original))
    #expect(rules.problems.isEmpty, "\(rules.problems)")
  }

  @Test func lessAndGreaterMoveTheColumnForGood() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    let driver = rules.driver(try AppDriver.demo())
    var app = driver.makeApp()
    let moved = run(&app, "Enter >", width: 120, height: 20)
    #expect(moved.contains(/Last Name +First Name +Phone/), "\(moved)")
    #expect(
      moved.contains("Changed my.rules:16: task = 'list' AND entity.name = 'Customer' => displayPropertyKeys"),
      "\(moved)")
    #expect(moved.statusBar.hasPrefix(" rule written: my.rules:16 "), "the status bar says where: \(moved.statusBar)")
    // The focus followed the column: `>` again moves First Name past Phone.
    let again = run(&app, ">", width: 120, height: 20)
    #expect(again.contains(/Last Name +Phone +First Name/), "\(again)")
    #expect(
      rules.line(customerColumnsLine) == "task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= "
        + "('lastName', 'address.phone', 'firstName')", "one rule, edited in place: \(rules.text)")
    #expect(rules.changedLines == [customerColumnsLine], "\(rules.text)")
    #expect(rules.problems.isEmpty, "\(rules.problems)")
    app.shutDown()
    var next = driver.makeApp()
    defer { next.shutDown() }
    #expect(run(&next, "Enter", width: 120, height: 20).contains(/Last Name +Phone +First Name/))
    // `[` and `]` still only select.
    #expect(run(&next, "] [", width: 120, height: 20).contains(/Last Name +Phone +First Name/))
  }

  @Test func entityToTheTopForOneUserOnly() throws {
    // Jon may use the assistant (the demo's rules do not grant it); reordering his own
    // entities is presentation, no permission rule.
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8))
        + "\nfirstTask <= 'login'\nuser.username = 'Jon' => allowsAssistant <= true\n")
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let jon = run(&app, "Jon Tab 12345 Enter Down Down A", width: 120, height: 40)
    #expect(jon.contains("Assistant: Film"), "\(jon)")
    let scopes = run(&app, "Down Down Enter", width: 120, height: 40)
    #expect(scopes.contains("2 only Jon"), "\(scopes)")
    let written = run(&app, "2 Enter Escape", width: 120, height: 40)
    #expect(
      rules.text.contains(
        "user.username = 'Jon' => visibleEntityNames <= ('Film', 'Customer', 'Actor', 'Store', 'Staff')"),
      "\(rules.text)")
    let entities = try #require(written.pane(titled: "Entities"))
    #expect(entities.first?.contains("Film") == true, "\(written)")
    let mike = run(&app, "C-o Mike Tab 12345 Enter", width: 120, height: 40)
    let mikes = try #require(mike.pane(titled: "Entities"), "\(mike)")
    #expect(
      mikes.prefix(2).map { $0.dropFirst().split(separator: " ").first.map(String.init) } == ["Moviestars", "Film"],
      "Mike keeps his own list: \(mike)")
    #expect(rules.problems.isEmpty, "\(rules.problems)")
  }
}

/// What a new user ran into: a change for everyone starts from everyone's value, a
/// user's own rule keeps its comment and is named as theirs, and the warning says why
/// another rule still wins.
@Suite(.serialized) struct AssistantScopeTests {
  @Test func movingToTheTopForEveryoneStartsFromEveryonesList() throws {
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)) + "\nfirstTask <= 'login'\n")
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    // Mike sees his own list (Moviestars, Film); Film to the top for everyone.
    let scopes = run(&app, "Mike Tab 12345 Enter Down A Down Down Enter", width: 120, height: 40)
    #expect(scopes.contains("1 everyone (default)"), "\(scopes)")
    #expect(scopes.contains("visibleEntityNames <= ('Film', 'Customer', 'Actor', 'Store', 'Staff')"), "\(scopes)")
    _ = run(&app, "Enter Escape", width: 120, height: 40)
    #expect(rules.line(6) == "visibleEntityNames <= ('Film', 'Customer', 'Actor', 'Store', 'Staff')", "\(rules.text)")
    let jon = run(&app, "C-o Jon Tab 12345 Enter", width: 120, height: 40)
    let entities = try #require(jon.pane(titled: "Entities"), "\(jon)")
    for name in ["Customer", "Store", "Staff"] {
      #expect(entities.contains { $0.contains(name) }, "Jon keeps \(name): \(jon)")
    }
    #expect(entities.first?.contains("Film") == true, "\(jon)")
  }

  @Test func changingTheUsersOwnRuleKeepsItsCommentAndSaysWhoseItIs() throws {
    let own = "entity.name = 'Store' => isEntityReadOnly <= false   # mine, keep"
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)) + own + "\n")
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let scope = run(&app, "Down Down Down A Down Down Down Down Down Enter", width: 120, height: 40)
    #expect(scope.contains("Changes your rule at my.rules:53 to:"), "\(scope)")
    #expect(!scope.contains("the assistant's earlier rule"), "\(scope)")
    _ = run(&app, "Enter", width: 120, height: 40)
    #expect(rules.line(53) == "entity.name = 'Store' => isEntityReadOnly <= true # mine, keep", "\(rules.text)")
    // Its own rule again: now the assistant's words.
    let again = run(&app, "Enter", width: 120, height: 40)
    #expect(again.contains("Changes your rule at my.rules:53 to:"), "still the user's line: \(again)")
  }

  /// The title of the assistant's pane (`Assistant: Customer · lastName`).
  func assistantTitle(_ screen: Screen) -> String? {
    screen.lines.lazy.compactMap {
      $0.firstMatch(of: /Assistant: [A-Za-z]+( · [A-Za-z.]+)?/).map { String($0.output.0) }
    }
    .first
  }

  @Test func theCursorFollowsTheMovedItem() throws {
    let files = try (0..<3).map { _ in try AssistantRules() }
    defer { files.forEach { $0.remove() } }
    let demo = try AppDriver.demo()
    // An entity to the top of the entity list.
    var app = files[0].driver(demo).makeApp()
    let film = assistantTitle(run(&app, "Down Down A", width: 120, height: 40))
    #expect(film == "Assistant: Film")
    _ = run(&app, "Down Down Enter Enter Escape", width: 120, height: 40)
    #expect(assistantTitle(run(&app, "A", width: 120, height: 40)) == film, "still on Film")
    app.shutDown()
    // A list's column to the right.
    app = files[1].driver(demo).makeApp()
    let column = assistantTitle(run(&app, "Enter ] A", width: 120, height: 40))
    #expect(column == "Assistant: Customer · lastName")
    _ = run(&app, "Down Down Enter Enter Escape", width: 120, height: 40)
    #expect(assistantTitle(run(&app, "A", width: 120, height: 40)) == column, "still on Last Name")
    app.shutDown()
    // An inspector's field down.
    app = files[2].driver(demo).makeApp()
    let field = try #require(assistantTitle(run(&app, "Enter Enter Down A", width: 120, height: 40)))
    #expect(field.contains(" · "), "\(field)")
    _ = run(&app, "Down Down Enter Enter Escape", width: 120, height: 40)
    #expect(assistantTitle(run(&app, "A", width: 120, height: 40)) == field, "still on the same field")
    app.shutDown()
  }

  @Test func thePaneShowsTheWholeRuleFilePathCutInTheMiddle() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let screen = run(&app, "Enter A", width: 80, height: 40)
    let line = try #require(screen.lines.first { $0.contains("Rules go to") }, "\(screen)")
    #expect(line.contains("…"), "\(line)")
    #expect(line.contains("/my.rules"), "the file's name is not cut: \(line)")
  }

  @Test func theWarningSaysAHigherPriorityKeepsTheValue() throws {
    let own = "entity.name = 'Film' and task = 'query' => displayNameForEntity <= 'Flicks'; high"
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)) + own + "\n")
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let scope = run(&app, "Down Down A Enter C-u Movies Enter", width: 160, height: 40)
    #expect(scope.contains("⚠ my.rules:53 has a higher priority (high) and still wins"), "\(scope)")
  }
}

@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct AssistantPostgreSQLTests {
  @Test func hideAndRelabelPersistOnPostgreSQL() throws {
    try hideAndRelabelPersist(try AppDriver.postgres())
  }
}

/// The entity's and the page's options: display name, read-only, default sort, page size,
/// listed or not, `nextTask`, `firstTask`.
@Suite(.serialized) struct AssistantEntityOptionTests {
  @Test func nameSortPageSizeReadOnlyAndListing() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    let driver = rules.driver(try AppDriver.demo())
    var app = driver.makeApp()
    defer { app.shutDown() }
    // Film in the entity list: rename it, then sort its list by title descending, 25 a page.
    let options = run(&app, "Down Down A", width: 120, height: 40)
    #expect(options.contains("Display name: 'Film'"), "\(options)")
    #expect(options.contains("Read-only: false"), "\(options)")
    #expect(options.contains("Default sort: 'title'"), "\(options)")
    _ = run(&app, "Enter C-u Movies Enter Enter")
    _ = run(&app, "Down Down Down Down Down Down Enter C-u " + typing("title desc") + " Enter Enter")
    let sized = run(&app, "Down Enter C-u 25 Enter Enter", width: 120, height: 40)
    #expect(sized.contains("Page size: 25"), "\(sized)")
    #expect(
      rules.text.hasSuffix(
        """
        # ── rules written by the d2t assistant ──
        entity.name = 'Film' => displayNameForEntity <= 'Movies'
        task = 'list' AND entity.name = 'Film' => pageSize <= 25

        """), "\(rules.text)")
    let list = run(&app, "Escape Enter", width: 120, height: 12)
    #expect(list.contains("╭─ Movies (1,000)"), "\(list)")
    #expect(list.contains(/Title ▼/), "\(list)")
    #expect(list.contains(/│ *\d+ Z/), "sorted by title descending: \(list)")
    // Store read-only, and Staff off the entity list.
    _ = run(&app, "Escape Down A Down Down Down Down Down Enter Enter Escape", width: 120, height: 20)
    #expect(rules.text.contains("entity.name = 'Store' => isEntityReadOnly <= true"), "\(rules.text)")
    let unlisted = run(&app, "Down A Down Enter Enter Escape", width: 120, height: 20)
    #expect(
      rules.line(21) == "task = 'list' AND entity.name = 'Film' => sortOrderings <= 'title desc'", "\(rules.text)")
    #expect(
      rules.line(6) == "visibleEntityNames <= ('Customer', 'Actor', 'Film', 'Store')",
      "the file's app-wide list is edited in place, so Mike's own list still wins for him: \(rules.text)")
    let entities = try #require(unlisted.pane(titled: "Entities"), "\(unlisted)")
    #expect(!entities.contains { $0.contains("Staff") }, "\(unlisted)")
    #expect(rules.problems.isEmpty, "\(rules.problems)")
  }

  @Test func nextTaskAndFirstTask() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    let driver = rules.driver(try AppDriver.demo())
    var app = driver.makeApp()
    // On the customer list: Enter leads to edit instead of inspect.
    let options = run(&app, "Enter A", width: 120, height: 40)
    #expect(options.contains("Next task (Enter leads to): 'inspect'"), "\(options)")
    let edit = run(
      &app, "Down Down Down Down Down Down Down Enter Down Enter Enter Escape Enter", width: 120, height: 20)
    #expect(rules.text.contains("task = 'list' AND entity.name = 'Customer' => nextTask <= 'edit'"), "\(rules.text)")
    #expect(edit.contains("Ctrl-S"), "Enter opened the editor: \(edit)")
    // The app starts at the login page from now on.
    _ = run(&app, "Escape Escape A Down Down Down Down Down Down Down Down Down Enter Down Enter Enter")
    #expect(rules.text.hasSuffix("firstTask <= 'login'\n"), "\(rules.text)")
    app.shutDown()
    var next = driver.makeApp()
    defer { next.shutDown() }
    #expect(run(&next).contains("Login"))
    #expect(rules.problems.isEmpty, "\(rules.problems)")
  }
}
