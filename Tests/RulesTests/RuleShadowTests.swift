@testable import Rules
import Testing

/// `d2t rules check` reports rules that can never win, and cycles between keys.
@Suite struct RuleShadowTests {
  func check(_ files: [(String, String)]) -> [String] {
    RuleChecker().check(files.map { RuleFile(name: $0.0, text: $0.1) }).map(\.summary)
  }

  func check(_ text: String) -> [String] { check([("app.rules", text)]) }

  @Test func aRuleWithoutPredicateAtHigherPriorityShadowsEveryRuleBelowIt() {
    #expect(
      check(
        """
        *true* => pageSize <= 5; high
        task = 'list' and entity.name = 'Film' => pageSize <= 10
        """) == [
          "app.rules:2:1: warning: this rule can never win: the rule at app.rules:1 matches whenever it does and comes first for 'pageSize' (priority high > normal)"
        ])
  }

  @Test func aWeakerPredicateAtHigherPriorityShadowsAMoreSpecificRule() {
    #expect(
      check(
        """
        task = 'list' and entity.name = 'Film' and propertyKey = 'title' => displayNameForProperty <= 'Name'
        # a later rule, higher priority, comparisons a subset of the one above
        propertyKey = 'title' and task in ('list', 'inspect') => displayNameForProperty <= 'Title'; very high
        """) == [
          "app.rules:1:1: warning: this rule can never win: the rule at app.rules:3 matches whenever it does and comes first for 'displayNameForProperty' (priority very high > normal)"
        ])
  }

  @Test func anOrThatAlwaysHoldsForTheRuleShadowsItToo() {
    #expect(
      check(
        """
        task = 'edit' and entity.name = 'Film' => isObjectEditable <= false; low
        (task = 'edit' or task = 'create') and entity.name = 'Film' => isObjectEditable <= true
        """) == [
          "app.rules:1:1: warning: this rule can never win: the rule at app.rules:2 matches whenever it does and comes first for 'isObjectEditable' (priority normal > low)"
        ])
  }

  @Test func aComparisonOtherThanEqualsShadowsWhenTheRuleHasItToo() {
    #expect(
      check(
        """
        propertyKey like 'price*' and task = 'list' => formatter <= CurrencyFormatter
        propertyKey like 'price*' => formatter <= DecimalFormatter; high
        propertyKey like 'cost*' and task = 'list' => formatter <= IntegerFormatter
        """) == [
          "app.rules:1:1: warning: this rule can never win: the rule at app.rules:2 matches whenever it does and comes first for 'formatter' (priority high > normal)"
        ])
  }

  @Test func ofManyRulesWithoutPredicateTheStrongestShadowsTheRest() {
    let text = (0..<500).map { "pageSize <= \($0)" }.joined(separator: "\n")
    let warnings = check(text)
    #expect(warnings.count == 499)
    #expect(
      warnings.first
        == "app.rules:1:1: warning: this rule can never win: the rule at app.rules:500 matches whenever it does and comes first for 'pageSize' (same priority and complexity, loaded later)"
    )
  }

  @Test func theSamePredicateLoadedLaterShadowsAcrossFiles() {
    #expect(
      check([
        ("base.rules", "entity.name = 'Film' => title <= 'Films'\n"),
        ("mine.rules", "entity.name == \"Film\" => title <= 'Movies'\n"),
      ]) == [
        "base.rules:1:1: warning: this rule can never win: the rule at mine.rules:1 matches whenever it does and comes first for 'title' (same priority and complexity, loaded later)"
      ])
  }

  @Test func rulesThatCanWinAreNotReported() {
    // The specific rule wins by priority, or by complexity; different keys never shadow.
    #expect(
      check(
        """
        task = 'list' => title <= 'List'
        task = 'list' and entity.name = 'Film' => title <= 'Films'
        task = 'list' and entity.name = 'Actor' => title <= 'Actors'; high
        entity.name = 'Actor' => pageSize <= 10; important
        task = 'list' and entity.name = 'Actor' => pageSize <= 20; important
        task = 'edit' and entity.name = 'Film' => pageSize <= 30; important
        task in ('list', 'inspect') => hideEmptyProperty <= true
        task = 'select' => hideEmptyProperty <= false; high
        """) == [])
  }

  @Test func aCycleBetweenTwoUserRulesIsReportedOnce() {
    #expect(
      check(
        """
        task = 'list' => title <= displayNameForEntity
        task = 'list' => displayNameForEntity <= title
        """) == [
          "app.rules:2:1: warning: these rules can form a cycle: displayNameForEntity → title → displayNameForEntity (app.rules:2, app.rules:1); when they fire together the keys get their defaults"
        ])
  }
}
