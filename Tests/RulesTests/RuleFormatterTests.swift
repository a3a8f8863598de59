import Qualifiers
import Rules
import Testing

/// `d2t rules format`: one canonical layout, comments kept, meaning never changed.
@Suite struct RuleFormatterTests {
  static let messy = """


    # Film pages
    task = 'list'   and entity.name = "Film"
       => displayPropertyKeys <= (title,
         rating, `Qty.`)   # the list's columns



    // the edit page
    propertyKey == 'rating' && task == 'edit' => component = 'RatingPicker'; HIGH   \t
    entity.name = 'Film' # first line
      => title <= "Films"     // last line
    debug <= false
    """

  @Test func rewritesInTheCanonicalLayoutKeepingComments() throws {
    let formatted = try RuleFormatter.format(Self.messy, file: "app.rules")
    #expect(
      formatted == """
        # Film pages
        task = 'list' AND entity.name = 'Film' => displayPropertyKeys <= ('title', 'rating', '`Qty.`') # the list's columns

        // the edit page
        propertyKey = 'rating' AND task = 'edit' => component <= RatingPicker; high
        # first line
        entity.name = 'Film' => title <= 'Films' // last line
        debug <= false

        """)
  }

  @Test func isIdempotent() throws {
    for text in [Self.messy, Self.everyKind, RuleCheckScaleTests.mixedRules(300), DefaultRules.text, ""] {
      let once = try RuleFormatter.format(text, file: "app.rules")
      #expect(try RuleFormatter.format(once, file: "app.rules") == once)
    }
  }

  /// Every kind of value and priority, odd names in backquotes, strings with quotes.
  static let everyKind = #"""
    entity.name = 'it''s' and propertyKey = '`Qty.`' => displayNameForProperty <= "say \"hi\" \\ it's"
    object.`Preis €` > 3.50 or object.`order` in (1, -2, 3) => displayPropertyKeys <= (`Qty.`, label, 'a b'); very high
    entity.name = 'Film' => initialPropertyValues <= { fulltext = ''; `odd key` = (1, 2.5, nil); nested = { a = true; }; }
    task = 'list' => title <= object.`last name`; low
    task = 'edit' => formatter <= 'number:2'; very low
    task = 'inspect' => formatter <= nil; fallback
    task = 'query' => component <= DisplayNumber; important
    *true* => pageSize <= 25; -7
    not (task = 'list') and debug = false => pageSize <= 30; 120
    attribute.valueType like 'dec*' => displayStringForNil <= 'tab\tnew\nline'; default
    propertyKey is not null and entity.isReadOnly != true => hideEmptyProperty <= true
    task = 'select' => sortOrderings <= 'lastName, firstName desc'
    """#

  @Test func descriptionParsesBackToTheSameRuleForEveryValueKind() throws {
    let parsed = RuleParser.parse(Self.everyKind, file: "kinds.rules")
    #expect(parsed.diagnostics.map(\.summary) == [])
    #expect(parsed.rules.count == 12)
    for rule in parsed.rules {
      let again = try RuleParser.rule(rule.description)
      #expect(again.isEquivalent(to: rule), "\(rule.location): \(rule) read back as \(again)")
    }
  }

  @Test func namesThatAreNotPlainWordsArePrintedQuoted() throws {
    let rule = Rule(key: "formatter", value: .name("number:2"))
    #expect(rule.description == "formatter <= 'number:2'")
    #expect(try RuleParser.rule(rule.description).isEquivalent(to: rule))
    #expect(Rule(key: "component", value: .name("DisplayNumber")).description == "component <= DisplayNumber")
  }

  @Test func keepsTheMeaningOfEveryRule() throws {
    for text in [Self.messy, Self.everyKind, RuleCheckScaleTests.mixedRules(300)] {
      let before = RuleParser.parse(text, file: "app.rules").rules
      let after = RuleParser.parse(try RuleFormatter.format(text, file: "app.rules"), file: "app.rules").rules
      #expect(before.count == after.count)
      for (old, new) in zip(before, after) {
        #expect(old.isEquivalent(to: new), "\(old) became \(new)")
      }
    }
  }

  @Test func refusesAFileWithErrors() {
    let text = "task = 'list' => title <= 'ok'\n\ntask = 'edit' => title <= 'unclosed\n"
    #expect(throws: RuleDiagnostic.self) { try RuleFormatter.format(text, file: "bad.rules") }
    do {
      _ = try RuleFormatter.format(text, file: "bad.rules")
    } catch {
      #expect(error.summary == "bad.rules:3:27: error: unterminated string")
    }
  }

  /// A component named like a standard key is quoted; one named like an app's own key
  /// would read back as that key, so the file is left as it is.
  @Test func refusesWhatItCannotPrintWithoutChangingItsMeaning() throws {
    #expect(
      try RuleFormatter.format("task = 'list' => component <= 'title'\n", file: "a.rules")
        == "task = 'list' => component <= 'title'\n")
    var registry = RuleKeyRegistry.standard
    registry.register(RuleKeyDefinition(\.showsRatings, doc: "Show ratings."))
    do {
      _ = try RuleFormatter.format(
        "# c\ntask = 'list' => component <= 'showsRatings'\n", file: "odd.rules", registry: registry)
      Issue.record("formatted a rule whose text would change its meaning")
    } catch {
      #expect(
        error.summary
          == "odd.rules:2:1: error: this rule cannot be written canonically without changing its meaning (it would read 'task = 'list' => component <= showsRatings'); the file is left as it is"
      )
    }
  }

  @Test func commentsInsideARuleMoveAboveIt() throws {
    let text = """
      task = 'list'    # the task
      # and the entity
        and entity.name = 'Film'
        => pageSize <= 10  # ten
      """
    #expect(
      try RuleFormatter.format(text, file: "app.rules") == """
        # the task
        # and the entity
        task = 'list' AND entity.name = 'Film' => pageSize <= 10 # ten

        """)
  }

  @Test func aFileWithOnlyCommentsAndBlankLinesKeepsItsComments() throws {
    #expect(try RuleFormatter.format("\n\n  # one  \n\n\n# two\n\n", file: "c.rules") == "# one\n\n# two\n")
    #expect(try RuleFormatter.format("\n \n", file: "c.rules") == "")
  }

  /// Files saved on Windows: `\r\n` ends a line, and the formatted file ends lines in `\n`.
  @Test func readsWindowsLineEnds() throws {
    let text = "# pages\r\ntask = 'list'\r\n  => pageSize <= 10\r\ndebug <= false\r\n"
    let parsed = RuleParser.parse(text, file: "win.rules")
    #expect(parsed.diagnostics.map(\.summary) == [])
    #expect(parsed.rules.map(\.description) == ["task = 'list' => pageSize <= 10", "debug <= false"])
    #expect(parsed.rules.map { $0.source?.line } == [2, 4])
    #expect(
      try RuleFormatter.format(text, file: "win.rules") == "# pages\ntask = 'list' => pageSize <= 10\ndebug <= false\n")
  }
}
