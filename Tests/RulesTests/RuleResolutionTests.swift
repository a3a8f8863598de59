import Qualifiers
import Rules
import Testing

@Suite struct RuleResolutionTests {
  @Test func explicitValuesWinOverEveryRule() {
    var c = context("*true* => title <= 'From rules'; important")
    #expect(c[\.title] == "From rules")
    c[\.title] = "Explicit"
    #expect(c[\.title] == "Explicit")
    c.removeValue(forKey: "title")
    #expect(c[\.title] == "From rules")
  }

  @Test func higherPriorityWinsBeforeComplexity() {
    let c = context(
      """
      task = 'list' and entity.name = 'Film' => title <= 'specific'
      task = 'list' => title <= 'high'; high
      """, ["task": .string("list")])
    #expect(c[\.title] == "high")
  }

  @Test func higherComplexityWinsAtEqualPriority() {
    var c = context(
      """
      task = 'list' and propertyKey = 'title' => displayNameForProperty <= 'two'
      task = 'list' => displayNameForProperty <= 'one'
      *true* => displayNameForProperty <= 'zero'
      """)
    #expect(c[\.displayNameForProperty] == "zero")
    c[\.task] = "list"
    #expect(c[\.displayNameForProperty] == "one")
    c[\.propertyKey] = "title"
    #expect(c[\.displayNameForProperty] == "two")
  }

  @Test func laterRuleWinsAtEqualPriorityAndComplexity() {
    let c = context(
      """
      task = 'list' => pageSize <= 10
      propertyKey = '' => pageSize <= 20
      """, ["task": .string("list")])
    #expect(c[\.pageSize] == 20)
  }

  @Test func keyDefaultWhenNoRuleMatches() {
    let c = context("task = 'edit' => pageSize <= 10")
    #expect(c[\.pageSize] == 100)
    #expect(c[\.displayStringForNil] == "-")
    #expect(c[\.formatter] == nil)
    if case .keyDefault = c.resolution(forKey: "pageSize").source {} else { Issue.record("expected the default") }
  }

  @Test func userRulesStandAboveDefaultsWhateverTheirPriority() {
    let defaults = rules(
      "task = 'list' and entity.name = 'Film' => title <= 'default'; important", file: "defaults.rules")
    var c = context("*true* => title <= 'user'; fallback", defaults: defaults)
    c[\.task] = "list"
    c.setObject(object(["name": "Film"]), forKey: "entity")
    #expect(c[\.title] == "user")
    let onlyDefaults = RuleContext(model: RuleModel(defaults: defaults))
    #expect(onlyDefaults[\.title] == "Direct to Terminal")
  }

  @Test func keyPathValuesResolveThroughTheSameContext() {
    var c = context(
      """
      *true* => navigationBarTitle <= title
      entity.name = 'Customer' => title <= object.lastName
      *true* => displayNameForProperty <= propertyKey.capitalizedWithPreUpperSpace
      *true* => initialPropertyValues <= { rating = 'G' }
      *true* => look <= initialPropertyValues.rating
      """)
    c.setObject(object(["name": "Customer"]), forKey: "entity")
    c.setObject(KeyValueDictionary(["lastName": .value("Smith")]), forKey: "object")
    c[\.propertyKey] = "address.phoneNumber"
    #expect(c[\.title] == "Smith")
    #expect(c[\.navigationBarTitle] == "Smith")
    #expect(c[\.displayNameForProperty] == "Address Phone Number")
    #expect(c[\.look] == "G")
  }

  @Test func aSelfReferenceIsACycleNotACrash() {
    let c = context("*true* => title <= title")
    let resolution = c.resolution(forKey: "title")
    #expect(c[\.title] == "Direct to Terminal")
    #expect(
      resolution.cycle?.description == """
        cycle: title → title
          user.rules:1: title <= title
        """)
  }

  @Test func aCycleThroughTwoKeysNamesBothRules() {
    let c = context(
      """
      *true* => title <= navigationBarTitle
      *true* => navigationBarTitle <= title
      """)
    #expect(
      c.resolution(forKey: "navigationBarTitle").cycle?.description == """
        cycle: navigationBarTitle → title → navigationBarTitle
          user.rules:2: navigationBarTitle <= title
          user.rules:1: title <= navigationBarTitle
        """)
  }

  @Test func aCycleThroughAPredicateIsFoundToo() {
    let c = context(
      """
      debug = true => title <= 'debugging'
      title = 'x' => debug <= true
      """)
    #expect(c.resolution(forKey: "title").cycle?.keys == ["title", "debug", "title"])
    #expect(c[\.debug] == false)
  }

  @Test func objectsAreReadThroughKeyValueReadable() {
    var c = context(
      """
      attribute.valueType in ('integer', 'decimal') and task = 'edit' => component <= EditNumber
      relationship != nil => component <= DisplayToOne
      """)
    c[\.task] = "edit"
    c.setObject(object(["valueType": "decimal"]), forKey: "attribute")
    #expect(c[\.component] == "EditNumber")
    c.removeValue(forKey: "attribute")
    #expect(c[\.component] == "DisplayString")
    c.setObject(object([:]), forKey: "relationship")
    #expect(c[\.component] == "DisplayToOne")
    #expect(c.object(forKey: "relationship") != nil)
  }

  @Test func typedValuesOfEveryKind() {
    let c = context(
      """
      sortOrderings <= 'lastName, firstName desc'
      auxiliaryQualifier <= 'active = true'
      visibleEntityNames <= (Film, Actor)
      initialPropertyValues <= { fulltext = '' }
      formatter <= CurrencyFormatter
      """)
    #expect(c[\.sortOrderings] == [SortOrdering("lastName"), SortOrdering("firstName", .descending)])
    #expect(c[\.auxiliaryQualifier] == .comparison("active", .equal, .bool(true)))
    #expect(c[\.visibleEntityNames] == ["Film", "Actor"])
    #expect(c[\.initialPropertyValues] == ["fulltext": .string("")])
    #expect(c[\.formatter] == "CurrencyFormatter")
  }
}
