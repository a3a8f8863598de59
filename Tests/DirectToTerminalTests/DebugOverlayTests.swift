import Access
@testable import DirectToTerminal
import Testing

/// The debug overlay: context, every key with the rule that gave it, the last SQL.
@Suite struct DebugOverlayTests {
  /// The film inspector with Rental Rate (its eighth row) focused, overlay open, wide
  /// enough to read whole lines and tall enough for all of them.
  static func rentalRate() throws -> Screen {
    try AppDriver.demo().screen("Down Down Enter Enter " + NavigationTests.downs(7) + " F12", width: 300, height: 150)
  }

  @Test func showsTheContext() throws {
    let screen = try Self.rentalRate()
    for line in [
      "│Context", "│task = inspect", "│entity = Film", "│object = Film(id=972)",
      "│propertyKey = rentalRate", "│user = nil",
    ] {
      #expect(screen.contains(line), "\(line) in:\n\(screen)")
    }
  }

  @Test func showsPageKeysWithTheirSources() throws {
    let screen = try Self.rentalRate()
    #expect(screen.contains("│task = 'inspect'   ← set by the page"))
    #expect(screen.line(containing: "│page = InspectPage   ← defaults.rules:") != nil)
    #expect(screen.line(containing: "│nextTask = 'edit'   ← defaults.rules:") != nil)
    #expect(screen.line(containing: "│pageSize = 100   ← key default") != nil)
    #expect(screen.line(containing: "│title = 'AMBER ANCHOR'   ← defaults.rules:") != nil)
    let keys = try #require(screen.line(containing: "│displayPropertyKeys = ("))
    #expect(keys.contains("('id', 'title', 'description'"), "\(keys)")
  }

  @Test func showsThePropertyKeysWithTheSakilaRuleThatSetThem() throws {
    let screen = try Self.rentalRate()
    #expect(screen.contains("│Property 'rentalRate'"))
    let formatter = try #require(screen.line(containing: "│formatter = CurrencyFormatter"), "\(screen)")
    #expect(formatter.contains("← " + (try SakilaRulesTests.source(of: "formatter <= CurrencyFormatter")) + " ("))
    #expect(screen.line(containing: "│displayNameForProperty = 'Rental Rate'   ← defaults.rules:") != nil)
    #expect(screen.line(containing: "│component = DisplayNumber   ← defaults.rules:") != nil)
  }

  @Test func showsTheLastSQLWithDurations() throws {
    let screen = try Self.rentalRate()
    let header = try #require(screen.lines.firstIndex { $0.contains("│Last SQL") })
    let statements = screen.lines[(header + 1)...].prefix { $0.contains(" ms SELECT") }
    #expect(statements.count == 8, "\(screen)")
    #expect(statements.allSatisfy { $0.contains(/│ *[0-9]+\.[0-9]{2} ms SELECT[ ]/) })
    // The newest first: the inspector's row, with its to-one titles, then its counts.
    #expect(statements.contains { $0.contains(#"SELECT "t0"."film_id" AS "id", "t0"."title" AS "title""#) })
    let counts = [
      #"SELECT count(*) AS "count" FROM "film_actor" AS "t0" WHERE "t0"."film_id" = ?1  [972]"#,
      #"SELECT count(*) AS "count" FROM "film_category" AS "t0" WHERE "t0"."film_id" = ?1  [972]"#,
      #"SELECT count(*) AS "count" FROM "inventory" AS "t0" WHERE "t0"."film_id" = ?1  [972]"#,
    ]
    for count in counts {
      #expect(statements.contains { $0.contains(count) }, "\(count) in:\n\(statements.joined(separator: "\n"))")
    }
  }

  /// A following pane checks once a second; the overlay still shows the page's statements
  /// after minutes of checks, though `d2t` keeps only `sqlLogCapacity` log entries.
  @Test func followChecksLeaveThePagesStatementsInView() throws {
    var driver = try AppDriver.demo(debug: true)
    let log = SQLLog(capacity: D2TApp.sqlLogCapacity)
    let path = try TestDatabases.demoPath()
    driver.database = try TestDatabases.open(path, log: log)
    driver.countDatabase = try TestDatabases.open(path, log: log)
    var app = driver.makeApp()
    _ = run(&app, "Enter")
    for _ in 0..<200 {
      app.follow()
      _ = run(&app, "")
    }
    #expect(log.recent().allSatisfy { Database.isChangeProbe($0.sql) }, "the log holds checks only")
    let screen = run(&app, "", width: 300, height: 150)
    let header = try #require(screen.lines.firstIndex { $0.contains("│Last SQL") }, "\(screen)")
    let statements = screen.lines[(header + 1)...].prefix { $0.contains(" ms ") }
    #expect(statements.count == 8, "\(screen)")
    #expect(statements.allSatisfy { $0.contains(" ms SELECT") }, "\(screen)")
  }

  @Test func f12TogglesAndTheDebugRuleOpensIt() throws {
    let demo = try AppDriver.demo()
    #expect(!demo.screen("F12 F12").contains("Debug (F12)"))
    #expect(demo.screen("F12").contains("╭─ Debug (F12) "))
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("debug.rules")
    try "debug <= true\n".write(to: file, atomically: true, encoding: .utf8)
    let byRule = try AppDriver.demo(rules: [TestDatabases.sakilaRules, file.path]).screen()
    #expect(byRule.contains("╭─ Debug (F12) "))
    #expect(try AppDriver.demo(debug: true).screen().contains("╭─ Debug (F12) "), "--debug opens it")
  }

  @Test func followsTheFocusedColumnOfAList() throws {
    let screen = try AppDriver.demo().screen("Enter ] ] F12", width: 240, height: 40)
    #expect(screen.contains("│task = list"))
    #expect(screen.contains("│object = Customer(id=1)"))
    #expect(screen.contains("│propertyKey = address.phone"), "\(screen)")
    let label = try #require(screen.line(containing: "│displayNameForProperty = 'Phone'"))
    #expect(label.contains("← " + (try SakilaRulesTests.source(of: "=> displayNameForProperty <= 'Phone'"))))
    let keys = try #require(
      screen.line(containing: "│displayPropertyKeys = ('firstName', 'lastName', 'address.phone')"))
    #expect(keys.contains("← " + (try SakilaRulesTests.source(of: "entity.name = 'Customer' => displayPropertyKeys"))))
  }

  @Test func explainsWhatTheAssistantCustomisesNotTheAssistant() throws {
    let rules = try AssistantRules()
    defer { rules.remove() }
    var app = rules.driver(try AppDriver.demo()).makeApp()
    defer { app.shutDown() }
    let screen = run(&app, "Enter ] ] A F12", width: 240, height: 60)
    #expect(screen.contains("Assistant: Customer · address.phone"), "\(screen)")
    #expect(screen.contains("│task = list"), "\(screen)")
    #expect(!screen.contains("│task = assistant"), "\(screen)")
    #expect(screen.contains("│propertyKey = address.phone"), "\(screen)")
    #expect(screen.contains("│displayNameForProperty = 'Phone'"), "\(screen)")
  }

  /// Like a browser's computed-styles panel: under each key, the matching rules that lost,
  /// with why.
  @Test func showsTheLosingRulesWithWhyEachLost() throws {
    let pane = try #require(try Self.rentalRate().pane(titled: "Debug (F12)"))
    #expect(pane.first == "A customise… · Alt-U shows rules that did not match · Shift-PgUp/PgDn scroll")
    let formatter = try #require(pane.firstIndex { $0.hasPrefix("formatter = CurrencyFormatter") }, "\(pane)")
    #expect(
      pane[formatter + 1].hasPrefix("  ✗ DecimalFormatter — built-in default, below user rules — defaults.rules:"),
      "\(pane)")
    let component = try #require(pane.firstIndex { $0.hasPrefix("component = DisplayNumber") })
    #expect(pane[component + 1].hasPrefix("  ✗ DisplayString — less specific (complexity 0 < 1) — defaults.rules:"))
    let title = try #require(pane.firstIndex { $0.hasPrefix("title = 'AMBER ANCHOR'") })
    #expect(pane[title + 1].hasPrefix("  ✗ displayNameForEntity — lower priority (2 < 3) — defaults.rules:"))
    #expect(!pane.contains { $0.hasPrefix("  · ") }, "rules that did not match only on request")
  }

  /// Alt-U lists the rules that did not match, each with the comparison that failed and
  /// the value the context has; Alt-U again hides them.
  @Test func altUTogglesTheRulesThatDidNotMatch() throws {
    let keys = "Down Down Enter Enter " + NavigationTests.downs(7) + " F12 M-u"
    let shown = try #require(try AppDriver.demo().screen(keys, width: 300, height: 200).pane(titled: "Debug (F12)"))
    #expect(shown.first?.hasPrefix("A customise… · Alt-U hides rules that did not match") == true)
    let page = try #require(shown.firstIndex { $0.hasPrefix("page = InspectPage") })
    let editPage = try #require(
      shown.firstIndex { $0.hasPrefix("  · EditPage — task = 'edit' failed: task is 'inspect' — defaults.rules:") },
      "\(shown)")
    #expect(editPage > page)
    #expect(
      shown.contains {
        $0.hasPrefix("  · 'Moviestars' — entity.name = 'Actor' failed: entity.name is 'Film' — sakila.rules:")
      }, "\(shown)")
    let hidden = try #require(
      try AppDriver.demo().screen(keys + " M-u", width: 300, height: 200).pane(titled: "Debug (F12)"))
    #expect(!hidden.contains { $0.hasPrefix("  · ") })
  }

  /// Longer than its pane, the overlay scrolls: Shift-PgDn (or Alt-J) a page down,
  /// Shift-PgUp (or Alt-K) back; the title says which lines show.
  @Test func scrollsWhenLongerThanThePane() throws {
    let keys = "Down Down Enter Enter " + NavigationTests.downs(7) + " F12"
    let top = try AppDriver.demo().screen(keys, width: 200, height: 30)
    let title = try #require(top.line(containing: "╭─ Debug (F12) 1–26 of "), "\(top)")
    #expect(!top.contains("│component = DisplayNumber"))
    let down = try AppDriver.demo().screen(keys + " S-PageDown", width: 200, height: 30)
    #expect(down.contains("╭─ Debug (F12) 26–51 of "), "\(down)")
    #expect(down.contains("│component = DisplayNumber"))
    #expect(down.contains("│propertyKey = rentalRate") == false)
    #expect(try AppDriver.demo().screen(keys + " M-j", width: 200, height: 30).contains("╭─ Debug (F12) 26–51 of "))
    let wheel = try AppDriver.demo().screen(keys + " wheeldown:150,10 wheeldown:150,10", width: 200, height: 30)
    #expect(wheel.contains("╭─ Debug (F12) 7–32 of "), "the wheel over the overlay scrolls it: \(wheel)")
    #expect(wheel.contains("│▌Rental Rate"), "and leaves the inspector's focus where it was: \(wheel)")
    let back = try AppDriver.demo().screen(keys + " S-PageDown S-PageUp", width: 200, height: 30)
    #expect(back.line(containing: "╭─ Debug (F12) 1–26 of ") == title)
    #expect(back.contains("│A customise…"))
  }

  /// Values and names in the overlay reach the terminal without control characters.
  @Test func controlCharactersInRulesAreShownVisibly() throws {
    let file = try TestDatabases.scratchDirectory().appendingPathComponent("odd.rules")
    try """
    task = 'inspect' => displayStringForNil <= 'n/a'
    *true* => displayStringForNil <= 'bad\u{1b}[2J\u{07}'
    """.write(to: file, atomically: true, encoding: .utf8)
    let keys = "Down Down Enter Enter " + NavigationTests.downs(7) + " F12"
    let screen = try AppDriver.demo(rules: [TestDatabases.sakilaRules, file.path]).screen(keys, width: 300, height: 60)
    #expect(screen.contains("│  ✗ 'bad␛[2J␇' — less specific (complexity 0 < 1) — odd.rules:2"), "\(screen)")
    #expect(!screen.lines.joined().unicodeScalars.contains { $0.value < 0x20 })
  }

  /// With the overlay open, help lists its keys.
  @Test func helpListsTheOverlayKeysWhileItIsOpen() throws {
    let open = try AppDriver.demo().screen("F12 ?", width: 160, height: 70)
    #expect(open.contains("Scroll the debug overlay down"), "\(open)")
    #expect(open.contains("Show or hide the rules that did not match"))
    #expect(!(try AppDriver.demo().screen("?", width: 160, height: 70)).contains("Scroll the debug overlay down"))
  }
}
