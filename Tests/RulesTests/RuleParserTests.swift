import Qualifiers
import Rules
import Testing

@Suite struct RuleParserTests {
  /// Text → the rule printed back in canonical form.
  static let valid: [(String, String)] = [
    ("debug <= true", "debug <= true"),
    ("*true* => title <= 'Films'; fallback", "title <= 'Films'; fallback"),
    ("*false* => title <= 'Films'", "*false* => title <= 'Films'"),
    (
      "propertyKey == \"rating\" && task == \"edit\" => component <= \"RatingPicker\"",
      "propertyKey = 'rating' AND task = 'edit' => component <= RatingPicker"
    ),
    (
      "task = 'edit' AND propertyKey = 'rating' => component = 'RatingPicker'; high",
      "task = 'edit' AND propertyKey = 'rating' => component <= RatingPicker; high"
    ),
    (
      "task = 'list' => displayPropertyKeys = (\"firstName\", address.phone)",
      "task = 'list' => displayPropertyKeys <= ('firstName', 'address.phone')"
    ),
    ("title <= object.lastName", "title <= object.lastName"),
    ("navigationBarTitle <= title", "navigationBarTitle <= title"),
    ("pageSize <= 25; very high", "pageSize <= 25; very high"),
    ("pageSize <= 25; VERY   LOW", "pageSize <= 25; very low"),
    ("pageSize <= 25; 3", "pageSize <= 25; 3"),
    ("pageSize <= 25; default", "pageSize <= 25"),
    ("formatter <= nil", "formatter <= nil"),
    ("formatter <= CurrencyFormatter", "formatter <= CurrencyFormatter"),
    (
      "initialPropertyValues <= { fulltext = ''; rentalRate: 4.99, active = true }",
      "initialPropertyValues <= { 'active' = true; 'fulltext' = ''; 'rentalRate' = 4.99; }"
    ),
    ("visibleEntityNames <= [Customer, 'Film',]", "visibleEntityNames <= ('Customer', 'Film')"),
    ("sortOrderings <= 'lastName, firstName desc'", "sortOrderings <= 'lastName, firstName desc'"),
    ("auxiliaryQualifier <= 'active = true'", "auxiliaryQualifier <= 'active = true'"),
    (
      "not task = 'edit' || entity.name in ('Film', 'Actor') => isObjectEditable <= false",
      "NOT task = 'edit' OR entity.name in ('Film', 'Actor') => isObjectEditable <= false"
    ),
  ]

  @Test(arguments: valid.indices)
  func parsesRules(_ i: Int) throws {
    let (text, expected) = Self.valid[i]
    #expect(try RuleParser.rule(text).description == expected)
  }

  @Test func parsesAFileWithCommentsAndMultiLineRules() {
    let text = """
      # Films
      task = 'list'
        && entity.name = 'Film'
        => displayPropertyKeys <= (
             title,
             rating
           )   // the columns
      debug <= true; important
      task = 'edit' and
        propertyKey = 'rating' => component <= RatingPicker
      """
    let result = RuleParser.parse(text, file: "films.rules")
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.rules.map(\.description) == [
        "task = 'list' AND entity.name = 'Film' => displayPropertyKeys <= ('title', 'rating')",
        "debug <= true; important",
        "task = 'edit' AND propertyKey = 'rating' => component <= RatingPicker",
      ])
    #expect(result.rules.map(\.location) == ["films.rules:2", "films.rules:8", "films.rules:9"])
    #expect(result.rules.map(\.complexity) == [2, 0, 2])
  }

  static let invalid: [(String, String)] = [
    (
      "isObjectEditable <= \"yes\"",
      "t.rules:1:21: error: 'isObjectEditable' needs a value of type Bool, found string 'yes'"
    ),
    ("task = => component <= EditString", "t.rules:1:8: error: expected a value after '=', found '=>'"),
    ("task = 'edit' => titel <= 'x'", "t.rules:1:18: error: unknown key 'titel' (did you mean 'title'?)"),
    ("tsak = 'edit' => title <= 'x'", "t.rules:1:1: error: unknown key 'tsak' in the predicate (did you mean 'task'?)"),
    ("entity.name <= 'x'", "t.rules:1:1: error: a rule assigns a single key, found key path 'entity.name'"),
    ("title 'x'", "t.rules:1:7: error: expected '<=' after 'title', found ''x''"),
    ("title <=", "t.rules:1:9: error: expected a value after '<=', found end of rule"),
    ("title <= 'x' 'y'", "t.rules:1:14: error: expected ';' and a priority or the end of the rule, found ''y''"),
    (
      "title <= 'x'; hihg",
      "t.rules:1:15: error: expected a priority (important, very high, high, normal, low, very low, fallback or an integer), found 'hihg'"
    ),
    ("pageSize <= 'ten'", "t.rules:1:13: error: 'pageSize' needs a value of type Int, found string 'ten'"),
    ("debug <= nil", "t.rules:1:10: error: 'debug' needs a value of type Bool, found nil"),
    (
      "visibleEntityNames <= (Film, 3)",
      "t.rules:1:23: error: 'visibleEntityNames' needs a value of type [String], found list ('Film', 3)"
    ),
    (
      "isObjectEditable <= title",
      "t.rules:1:21: error: 'isObjectEditable' needs a value of type Bool, found key path title of type String"
    ),
    ("title <= objcet.lastName", "t.rules:1:10: error: unknown key 'objcet' (did you mean 'object'?)"),
    (
      "sortOrderings <= 'title desc desc'",
      "t.rules:1:18: error: 'sortOrderings' needs a value of type [SortOrdering], found string 'title desc desc' (column 12: expected 'asc', 'desc', 'nocase' or ',' after 'title', found 'desc')"
    ),
    ("title <= 'open", "t.rules:1:10: error: unterminated string"),
    ("displayPropertyKeys <= (a, b", "t.rules:1:29: error: expected ')' to close '(' at column 24, found end of rule"),
    ("=> title <= 'x'", "t.rules:1:1: error: expected a qualifier, found '=>'"),
  ]

  @Test(arguments: invalid.indices)
  func reportsErrorsAtFileLineColumn(_ i: Int) {
    let (text, expected) = Self.invalid[i]
    let result = RuleParser.parse(text, file: "t.rules")
    #expect(result.diagnostics.map(\.summary) == [expected])
    #expect(result.rules.isEmpty)
  }

  @Test func keepsGoingAfterAnErrorAndShowsACaret() {
    let text = "debug <= true\nisObjectEditable <= \"yes\"\ntitle <= 'ok'\n"
    let result = RuleParser.parse(text, file: "user.rules")
    #expect(result.rules.map(\.key) == ["debug", "title"])
    #expect(
      result.diagnostics.map(\.description) == [
        """
        user.rules:2:21: error: 'isObjectEditable' needs a value of type Bool, found string 'yes'
            isObjectEditable <= "yes"
                                ^
        """
      ])
  }

  @Test func appKeysCanBeRegisteredAndUsedInFiles() {
    var registry = RuleKeyRegistry.standard
    registry.register(RuleKeyDefinition(\.showsRatings, doc: "Show ratings."))
    let ok = RuleParser.parse("entity.name = 'Film' => showsRatings <= false", file: "a.rules", registry: registry)
    #expect(ok.diagnostics.isEmpty)
    let bad = RuleParser.parse("showsRatings <= 3", file: "a.rules", registry: registry)
    #expect(
      bad.diagnostics.map(\.summary) == [
        "a.rules:1:17: error: 'showsRatings' needs a value of type Bool, found integer 3"
      ])
  }
}

extension RuleKeys {
  var showsRatings: RuleKey<Bool> { RuleKey("showsRatings", default: true) }
}
