import Qualifiers
import Rules
import Testing

@Suite struct RuleExplainTests {
  static let text = """
    task = 'list' => title <= 'List'
    task = 'list' and entity.name = 'Film' => title <= 'Films'
    *true* => title <= 'Anything'; high
    task = 'edit' => title <= 'Edit'
    task = 'list' and propertyKey = '' => title <= 'Also two'
    """

  func filmList() -> RuleContext {
    let defaults = rules("*true* => title <= 'Default title'", file: "defaults.rules")
    var c = context(Self.text, defaults: defaults)
    c[\.task] = "list"
    c.setObject(object(["name": "Film"]), forKey: "entity")
    return c
  }

  @Test func explainsTheWinnerAndWhyTheOthersLost() {
    #expect(
      filmList().explain("title").description == """
        title = 'Anything'
          from user.rules:3 (priority high, complexity 0)
            title <= 'Anything'; high
          matched but lost:
            user.rules:5 (priority normal, complexity 2): lower priority (normal < high)
              task = 'list' AND propertyKey = '' => title <= 'Also two'
            user.rules:2 (priority normal, complexity 2): lower priority (normal < high)
              task = 'list' AND entity.name = 'Film' => title <= 'Films'
            user.rules:1 (priority normal, complexity 1): lower priority (normal < high)
              task = 'list' => title <= 'List'
            defaults.rules:1 (priority normal, complexity 0): built-in default, below user rules
              title <= 'Default title'
        """)
  }

  @Test func explainsComplexityAndLoadOrder() {
    var c = context(Self.text.split(separator: "\n").filter { !$0.contains("high") }.joined(separator: "\n"))
    c[\.task] = "list"
    c.setObject(object(["name": "Film"]), forKey: "entity")
    #expect(
      c.explain("title").description == """
        title = 'Also two'
          from user.rules:4 (priority normal, complexity 2)
            task = 'list' AND propertyKey = '' => title <= 'Also two'
          matched but lost:
            user.rules:2 (priority normal, complexity 2): earlier in load order
              task = 'list' AND entity.name = 'Film' => title <= 'Films'
            user.rules:1 (priority normal, complexity 1): less specific (complexity 1 < 2)
              task = 'list' => title <= 'List'
        """)
  }

  @Test func explainsExplicitValuesAndDefaults() {
    var c = filmList()
    c[\.title] = "Mine"
    #expect(
      c.explain("title").description.hasPrefix(
        "title = 'Mine'\n  set explicitly in the context\n  matched but lost:\n    user.rules:3 (priority high, complexity 0): the context sets 'title' explicitly"
      ))
    #expect(c.explain("pageSize").description == "pageSize = 100\n  no rule matched: the key's default")
  }

  @Test func explainsCycles() {
    let c = context("*true* => title <= navigationBarTitle\n*true* => navigationBarTitle <= title")
    #expect(
      c.explain("title").description == """
        title = 'Direct to Terminal'
          from user.rules:1 (priority normal, complexity 0)
            title <= navigationBarTitle
          cycle: title → navigationBarTitle → title
            user.rules:1: title <= navigationBarTitle
            user.rules:2: navigationBarTitle <= title
        """)
  }

  @Test func listsTheRulesThatDidNotMatchWithTheFirstFailedComparison() {
    var c = context(
      """
      entity.name = 'Film' => title <= 'Films'
      task = 'list' and entity.name in ('Actor', 'Staff') => title <= 'People'
      task = 'edit' => title <= 'Edit'
      task = 'list' and not (entity.name = 'Customer') => title <= 'Not customers'
      task = 'list' => title <= 'List'
      """)
    c[\.task] = "list"
    c.setObject(object(["name": "Customer"]), forKey: "entity")
    let explanation = c.explain("title", includingUnmatched: true)
    #expect(
      explanation.unmatched.map(\.failure.description) == [
        "NOT entity.name = 'Customer' failed: entity.name is 'Customer'",
        "entity.name in ('Actor', 'Staff') failed: entity.name is 'Customer'",
        "task = 'edit' failed: task is 'list'",
        "entity.name = 'Film' failed: entity.name is 'Customer'",
      ])
    #expect(
      explanation.description == """
        title = 'List'
          from user.rules:5 (priority normal, complexity 1)
            task = 'list' => title <= 'List'
          did not match:
            user.rules:4 (priority normal, complexity 2): NOT entity.name = 'Customer' failed: entity.name is 'Customer'
              task = 'list' AND NOT entity.name = 'Customer' => title <= 'Not customers'
            user.rules:2 (priority normal, complexity 2): entity.name in ('Actor', 'Staff') failed: entity.name is 'Customer'
              task = 'list' AND entity.name in ('Actor', 'Staff') => title <= 'People'
            user.rules:3 (priority normal, complexity 1): task = 'edit' failed: task is 'list'
              task = 'edit' => title <= 'Edit'
            user.rules:1 (priority normal, complexity 1): entity.name = 'Film' failed: entity.name is 'Customer'
              entity.name = 'Film' => title <= 'Films'
        """)
    #expect(c.explain("title").unmatched.isEmpty, "only on request")
  }

  @Test func aMissingValueIsNil() {
    let c = context("attribute.valueType = 'decimal' => formatter <= CurrencyFormatter")
    #expect(
      c.explain("formatter", includingUnmatched: true).unmatched.map(\.failure.description) == [
        "attribute.valueType = 'decimal' failed: attribute.valueType is nil"
      ])
  }
}
