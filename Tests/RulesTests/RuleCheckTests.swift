import Qualifiers
import Rules
import Testing

@Suite struct RuleCheckTests {
  static let sakila = ModelNames(properties: [
    "Film": ["title", "rating", "length", "language"],
    "Customer": ["firstName", "lastName", "address"],
  ])

  func check(_ text: String, model: ModelNames? = nil) -> [String] {
    RuleChecker(model: model).check([RuleFile(name: "app.rules", text: text)]).map(\.summary)
  }

  @Test(arguments: [
    ("task = => page <= EditPage", "app.rules:1:8: error: expected a value after '=', found '=>'"),
    ("task = 'list' => pagSize <= 5", "app.rules:1:18: error: unknown key 'pagSize' (did you mean 'pageSize'?)"),
    (
      "isObjectEditable <= \"yes\"",
      "app.rules:1:21: error: 'isObjectEditable' needs a value of type Bool, found string 'yes'"
    ),
    (
      "propertyKey = 'rating' => component <= RatingPickr",
      "app.rules:1:40: error: unknown component 'RatingPickr' (did you mean 'RatingPicker'?)"
    ),
    ("task = 'list' => page <= Nowhere", "app.rules:1:26: error: unknown page 'Nowhere'"),
    (
      "formatter <= 'CurrencyFormater'",
      "app.rules:1:14: error: unknown formatter 'CurrencyFormater' (did you mean 'CurrencyFormatter'?)"
    ),
  ])
  func reportsEachKindOfProblem(_ text: String, _ expected: String) {
    #expect(check(text) == [expected])
  }

  @Test func checksEntityAndPropertyNamesAgainstTheModel() {
    let text = """
      entity.name = 'Flim' => title <= 'Films'
      entity.name = 'Film' and propertyKey = 'ratting' => component <= RatingPicker
      entity.name = 'Film' and propertyKey = 'rating' => component <= RatingPicker
      visibleEntityNames <= (Film, Customr)
      entity.name = 'Customer' => displayPropertyKeys <= (firstName, 'address.phone', title)
      propertyKey in ('title', 'lastName') => displayNameForProperty <= ''
      """
    #expect(
      check(text, model: Self.sakila) == [
        "app.rules:1:15: error: unknown entity 'Flim' (did you mean 'Film'?)",
        "app.rules:2:40: error: unknown property 'ratting' (did you mean 'rating'?)",
        "app.rules:4:30: error: unknown entity 'Customr' (did you mean 'Customer'?)",
        "app.rules:5:81: error: unknown property 'title'",
      ])
    #expect(check(text).isEmpty)
  }

  /// A rule's object reads through to-ones and to-manys alike (a to-many as "some related
  /// row"): neither is reported.
  @Test func pathsThroughRelationshipsInARuleAreAccepted() {
    let model = ModelNames(properties: ["Film": ["title", "actors", "language"]])
    let found = check(
      "entity.name = 'Film' and object.actors.lastName = 'X' => isObjectEditable <= false\n"
        + "entity.name = 'Film' and object.language.name = 'French' => isObjectEditable <= false\n",
      model: model)
    #expect(found.isEmpty, "\(found)")
  }

  @Test func warnsAboutRulesOnlyLoadOrderDecides() {
    let text = """
      task = 'list' => pageSize <= 10
      entity.name = 'Film' => pageSize <= 20
      task = 'edit' => pageSize <= 30
      task = 'list' => pageSize <= 10; high
      task in ('list', 'select') => pageSize <= 40; high
      """
    #expect(
      check(text) == [
        "app.rules:1:1: warning: this rule can never win: the rule at app.rules:5 matches whenever it does and comes first for 'pageSize' (priority high > normal)",
        "app.rules:3:1: warning: this rule and the one at app.rules:2 can both match with the same priority and complexity but different values for 'pageSize'; the later one wins",
        "app.rules:4:1: warning: this rule can never win: the rule at app.rules:5 matches whenever it does and comes first for 'pageSize' (same priority and complexity, loaded later)",
      ])
  }

  /// Issue 22 item 17: predicates that exclude each other (`task != 'edit'` and
  /// `task = 'edit'`, `not (task in (…))`) are no conflict; ones that overlap still are.
  @Test(arguments: [
    ("task != 'edit' => pageSize <= 10\ntask = 'edit' => pageSize <= 20", false),
    ("task = 'edit' => pageSize <= 20\ntask != 'edit' => pageSize <= 10", false),
    ("not (task = 'list') => pageSize <= 10\ntask = 'list' => pageSize <= 20", false),
    ("not (task in ('list', 'select')) => pageSize <= 10\ntask = 'select' => pageSize <= 20", false),
    (
      "task != 'edit' and entity.name = 'Film' => pageSize <= 10\ntask = 'edit' and entity.name = 'Film' => pageSize <= 20",
      false
    ),
    ("task != 'edit' => pageSize <= 10\ntask = 'list' => pageSize <= 20", true),
    ("task != 'edit' => pageSize <= 10\ntask in ('edit', 'list') => pageSize <= 20", true),
    ("task != 'edit' => pageSize <= 10\nentity.name = 'Film' => pageSize <= 20", true),
  ])
  func mutuallyExclusivePredicatesAreNoConflict(_ text: String, _ conflicts: Bool) {
    #expect(check(text).contains { $0.contains("can both match") } == conflicts, "\(check(text))")
  }

  @Test func printsTheLineAndACaret() {
    let diagnostics = RuleChecker().check([
      RuleFile(name: "app.rules", text: "# comment\n  task = 'edit' => isObjectEditable <= 'yes'\n")
    ])
    #expect(
      diagnostics.map(\.description) == [
        """
        app.rules:2:40: error: 'isObjectEditable' needs a value of type Bool, found string 'yes'
              task = 'edit' => isObjectEditable <= 'yes'
                                                   ^
        """
      ])
  }

  @Test func builtInDefaultsParseAndCheckClean() {
    let result = RuleParser.parse(DefaultRules.text, file: DefaultRules.fileName)
    #expect(result.diagnostics.map(\.summary) == [])
    #expect(result.rules.count == DefaultRules.rules.count)
    #expect(DefaultRules.rules.count > 60)
    #expect(RuleChecker().check([RuleFile(name: DefaultRules.fileName, text: DefaultRules.text)]).map(\.summary) == [])
  }
}
