import Qualifiers
@testable import Rules
import SeededRandom
import Testing

/// `d2t rules check` stays near-linear when rules shadow each other: many rules with one
/// predicate, one predicate at many priorities, chains of ever more specific predicates,
/// and rules that all conflict. 20,000 rules with one predicate took 116 s (every rule was
/// compared with every other); the reports stay those of comparing every pair.
@Suite struct RuleCheckCostTests {
  /// One key, one predicate, different values.
  static func samePredicate(_ count: Int) -> String {
    (0..<count).map { "task = 'list' and entity.name = 'Actor' => displayNameForEntity <= 'N\($0)'" }
      .joined(separator: "\n")
  }

  /// One predicate at many priorities.
  static func manyPriorities(_ count: Int) -> String {
    (0..<count).map {
      "task = 'list' and entity.name = 'Actor' => displayNameForEntity <= 'N\($0)'; \(($0 * 7_919) % 1_000)"
    }
    .joined(separator: "\n")
  }

  /// Chains of ever more specific predicates, six deep per entity, at mixed priorities.
  static func nestedChains(_ count: Int) -> String {
    (0..<count).map { i in
      let chain = [
        "entity.name = 'Entity\(i / 60)'", "task = 'list'", "propertyKey = 'name'", "attribute.valueType = 'text'",
        "debug = false", "object.active = true",
      ]
      return
        "\(chain.prefix(1 + i % 6).joined(separator: " and ")) => displayNameForProperty <= 'N\(i)'; \(100 + (i * 7_919) % 5 * 10)"
    }.joined(separator: "\n")
  }

  /// Every entity with every property, at three priorities: no comparison is rare.
  static func grid(_ count: Int) -> String {
    let side = Int(Double(count).squareRoot())
    return (0..<count).map { i in
      "entity.name = 'E\(i / side)' and propertyKey = 'p\(i % side)' => displayNameForProperty <= 'v\(i % 3)'; \(["normal", "high", "low"][(i * 7) % 3])"
    }.joined(separator: "\n")
  }

  /// One predicate and a pattern of its own per rule: none shadowed, all can both match.
  static func samePredicateWithPatterns(_ count: Int, values: Int) -> String {
    (0..<count).map {
      "task = 'list' and entity.name = 'Actor' and propertyKey like 'p\($0)*' => displayNameForEntity <= 'N\($0 % values)'"
    }
    .joined(separator: "\n")
  }

  /// Predicates compared to find shadowed rules, and pairs looked at to find conflicts.
  static func cost(_ text: String) -> (shadows: Int, conflicts: Int) {
    let rules = RuleParser.parse(text, file: "cost.rules").rules
    var shadowComparisons = 0
    let shadows = RuleShadows.shadows(rules, comparisons: &shadowComparisons)
    var conflictComparisons = 0
    _ = RuleConflicts.groups(
      rules, excluding: Set(shadows.map(\.shadowed)), required: nil, comparisons: &conflictComparisons)
    return (shadowComparisons, conflictComparisons)
  }

  /// A few comparisons per rule, for 600 rules as for 2,400 (comparing every pair costs
  /// 300 and 1,200 per rule).
  @Test(arguments: ["samePredicate", "manyPriorities", "nestedChains", "grid", "patternsOneValue", "patternsTwoValues"])
  func comparisonsGrowLinearly(_ workload: String) {
    func text(_ count: Int) -> String {
      switch workload {
      case "samePredicate": return Self.samePredicate(count)
      case "manyPriorities": return Self.manyPriorities(count)
      case "nestedChains": return Self.nestedChains(count)
      case "grid": return Self.grid(count)
      case "patternsOneValue": return Self.samePredicateWithPatterns(count, values: 1)
      default: return Self.samePredicateWithPatterns(count, values: 2)
      }
    }
    for n in [600, 2_400] {
      let cost = Self.cost(text(n))
      #expect(cost.shadows <= 8 * n, "\(workload): \(cost.shadows) predicate comparisons for \(n) rules")
      #expect(cost.conflicts <= 16 * n, "\(workload): \(cost.conflicts) pairs looked at for \(n) rules")
    }
  }

  /// Every rule but the last can never win, each reported with the last rule; none is
  /// reported as a conflict.
  @Test func manyRulesWithOnePredicateAreEachShadowedByTheLast() {
    let warnings = RuleChecker().check([RuleFile(name: "app.rules", text: Self.samePredicate(3_000))]).map(\.summary)
    #expect(warnings.count == 2_999)
    #expect(
      warnings.first
        == "app.rules:1:1: warning: this rule can never win: the rule at app.rules:3000 matches whenever it does and comes first for 'displayNameForEntity' (same priority and complexity, loaded later)"
    )
    #expect(
      warnings.last
        == "app.rules:2999:1: warning: this rule can never win: the rule at app.rules:3000 matches whenever it does and comes first for 'displayNameForEntity' (same priority and complexity, loaded later)"
    )
  }

  /// Rules with one predicate and a pattern each all conflict: summed up as before.
  @Test func rulesThatAllConflictAreSummedUp() {
    let text = Self.samePredicateWithPatterns(3_000, values: 2)
    let warnings = RuleChecker().check([RuleFile(name: "app.rules", text: text)]).map(\.summary)
    #expect(
      warnings == [
        "app.rules:2:1: warning: this rule and the one at app.rules:1 can both match with the same priority and complexity but different values for 'displayNameForEntity'; the later one wins",
        "app.rules:3:1: warning: this rule and the one at app.rules:2 can both match with the same priority and complexity but different values for 'displayNameForEntity'; the later one wins",
        "app.rules:4:1: warning: this rule and the one at app.rules:1 can both match with the same priority and complexity but different values for 'displayNameForEntity'; the later one wins",
        "app.rules:5:1: warning: … and 2996 more rules for key 'displayNameForEntity' that only load order decides (app.rules:5, app.rules:6, app.rules:7, app.rules:8, app.rules:9, …)",
      ])
  }

  /// Rules mixing one predicate repeated, chains, `in` lists with numbers written
  /// differently (`2` and `2.0`), ORs, patterns and no predicate, at random priorities.
  static func mixedRules(_ count: Int) -> String {
    var generator = SeededGenerator(seed: 11)
    func pick(_ n: Int) -> Int { Int.random(in: 0..<n, using: &generator) }
    let priorities = ["", "; high", "; low", "; 120", "; important"]
    return (0..<count).map { i in
      let entity = "E\(pick(3))"
      let parts: [String]
      switch pick(8) {
      case 0: parts = ["entity.name = '\(entity)'"]
      case 1: parts = ["entity.name = '\(entity)'", "task = 'list'"]
      case 2: parts = ["entity.name = '\(entity)'", "task = 'list'", "propertyKey = 'p\(pick(3))'"]
      case 3: parts = ["task in ('list', 'inspect')", "pageSize in (\(pick(3)), 2.0)"]
      case 4: parts = ["pageSize = \(["2", "2.0", "02", "1"][pick(4)])", "task = 'list'"]
      case 5: parts = ["(task = 'list' or task = 'edit')", "entity.name = '\(entity)'"]
      case 6: parts = ["propertyKey like 'p\(pick(2))*'", "entity.name = '\(entity)'"]
      default: parts = pick(3) == 0 ? [] : ["task = 'list'"]
      }
      let predicate = parts.isEmpty ? "*true*" : parts.joined(separator: " and ")
      let key = ["title", "displayNameForProperty"][pick(2)]
      return "\(predicate) => \(key) <= 'v\(i % 5)'\(priorities[pick(priorities.count)])"
    }.joined(separator: "\n")
  }

  /// The shadowed rules and their winners are those of comparing every pair: the
  /// strongest rule for the key that comes first and whose comparisons are implied.
  @Test func shadowsAreThoseOfComparingEveryPair() {
    let rules = RuleParser.parse(Self.mixedRules(800), file: "mixed.rules").rules
    let conjuncts = rules.map { $0.predicate.map(RuleShadows.conjuncts) ?? [] }
    var expected: [Int: Int] = [:]
    for (index, rule) in rules.enumerated() {
      for candidate in rules.indices where candidate != index && rules[candidate].key == rule.key {
        guard RuleShadows.precedes(candidate, index, rules), RuleShadows.implies(conjuncts[index], conjuncts[candidate])
        else { continue }
        if expected[index].map({ RuleShadows.precedes(candidate, $0, rules) }) ?? true { expected[index] = candidate }
      }
    }
    let found = RuleShadows.shadows(rules)
    #expect(expected.count > 100, "the sample has shadowed rules")
    #expect(Dictionary(uniqueKeysWithValues: found.map { ($0.shadowed, $0.winner) }) == expected)
  }

  /// The groups of conflicting rules are those of comparing every pair, with cliques of
  /// rules that can all match, numbers written differently and `in` lists among them.
  @Test func conflictGroupsAreThoseOfComparingEveryPair() {
    let rules = RuleParser.parse(Self.mixedRules(800), file: "mixed.rules").rules
    let expected = RuleCheckScaleTests.pairwiseConflictGroups(rules, keepingKeysWithout: false)
    let found = Dictionary(uniqueKeysWithValues: RuleConflicts.groups(rules).map { ($0.key, $0.groups) })
    #expect(expected.values.joined().count > 3, "the sample has real conflicts")
    #expect(found == expected)
  }
}
