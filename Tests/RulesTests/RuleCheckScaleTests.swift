import Qualifiers
@testable import Rules
import SeededRandom
import Testing

/// `d2t rules check` finds the same groups of conflicting rules with its index as comparing
/// every pair, sums them up per key, and reports cycles through the defaults as the debug
/// overlay shows them.
@Suite struct RuleCheckScaleTests {
  /// Rules over a few entities and properties, some with `in` lists, some with numbers
  /// (compared loosely), some unconstrained: many real conflicts among them.
  static func mixedRules(_ count: Int) -> String {
    var generator = SeededGenerator(seed: 7)
    var lines: [String] = []
    for i in 0..<count {
      let entity = "E\(Int.random(in: 0..<4, using: &generator))"
      let property = "p\(Int.random(in: 0..<5, using: &generator))"
      let predicate: String
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: predicate = "entity.name = '\(entity)'"
      case 1: predicate = "entity.name = '\(entity)' and propertyKey = '\(property)'"
      case 2: predicate = "propertyKey in ('\(property)', 'p9') and entity.name = '\(entity)'"
      case 3: predicate = "task = 'list' and pageSize = \(Int.random(in: 1...3, using: &generator))"
      case 4: predicate = "debug = true and propertyKey = '\(property)'"
      default: predicate = "*true*"
      }
      let key = ["title", "displayNameForProperty"][Int.random(in: 0..<2, using: &generator)]
      lines.append("\(predicate) => \(key) <= 'v\(i % 7)'")
    }
    return lines.joined(separator: "\n")
  }

  /// The groups of rules only load order decides between, found with the index, are
  /// those of comparing every pair of the same key, priority and complexity.
  @Test func theIndexFindsExactlyTheGroupsOfComparingEveryPair() {
    let text = Self.mixedRules(400)
    let rules = RuleParser.parse(text, file: "mixed.rules").rules
    let expected = Self.pairwiseConflictGroups(rules, keepingKeysWithout: true)
    let found = Dictionary(uniqueKeysWithValues: RuleConflicts.groups(rules).map { ($0.key, $0.groups) })
    #expect(expected.values.joined().count > 3, "the sample has real conflicts")
    #expect(found == expected.filter { !$0.value.isEmpty })
  }

  /// 20,000 rules in groups of 400 that all conflict: a few pairs per key and one line
  /// for the rest, not 4 million warnings.
  @Test func conflictsAreSummedUpPerKey() {
    let text = (0..<2_000).map { i in
      "entity.name = 'E\(i / 400)' and object.c\(i) = 1 => \(i % 2 == 0 ? "title" : "displayNameForEntity") <= 'v\(i)'"
    }.joined(separator: "\n")
    let warnings = RuleChecker().check([RuleFile(name: "many.rules", text: text)]).map(\.summary)
    #expect(warnings.count == 8, "\(warnings.joined(separator: "\n"))")
    #expect(warnings.filter { $0.contains("can both match") }.count == 6)
    #expect(
      warnings.contains(
        "many.rules:10:1: warning: … and 996 more rules for key 'displayNameForEntity' that only load order decides (many.rules:10, many.rules:12, many.rules:14, many.rules:16, many.rules:18, …)"
      ), "\(warnings.joined(separator: "\n"))")
    #expect(
      warnings.contains(
        "many.rules:9:1: warning: … and 996 more rules for key 'title' that only load order decides (many.rules:9, many.rules:11, many.rules:13, many.rules:15, many.rules:17, …)"
      ), "\(warnings.joined(separator: "\n"))")
  }

  /// The pairwise rule `RuleChecker` used before the index: no key path both predicates
  /// require has disjoint values.
  static func canBothMatch(_ a: Qualifier?, _ b: Qualifier?) -> Bool {
    func equalities(_ q: Qualifier?) -> [String: [QualifierValue]] {
      var result: [String: [QualifierValue]] = [:]
      for requirement in q?.requiredValues ?? [] { result[requirement.path.description] = requirement.values }
      return result
    }
    let (left, right) = (equalities(a), equalities(b))
    for (path, values) in left {
      guard let others = right[path] else { continue }
      if !values.contains(where: { value in others.contains { $0.isEqual(to: value) } }) { return false }
    }
    return true
  }

  @Test func aCycleThroughTheDefaultsIsAWarningAtTheUsersRule() {
    let text = """
      entity.name = 'Film' => pageSize <= 20
      task = 'list' => title <= navigationBarTitle
      """
    let diagnostics = RuleChecker().check([RuleFile(name: "app.rules", text: text)])
    #expect(
      diagnostics.map(\.summary) == [
        "app.rules:2:1: warning: these rules can form a cycle: navigationBarTitle → title → navigationBarTitle (defaults.rules:\(Self.navigationBarTitleLine), app.rules:2); when they fire together the keys get their defaults"
      ])
  }

  @Test func keysThatDependOnEachOtherOnlyInTheDefaultsAreNotReported() {
    #expect(RuleChecker().check([RuleFile(name: "app.rules", text: "*true* => pageSize <= 20\n")]).isEmpty)
  }

  static var navigationBarTitleLine: Int {
    DefaultRules.rules.first { $0.key == "navigationBarTitle" && $0.value == .keyPath("title") }?.source?.line ?? 0
  }
}

extension RuleCheckScaleTests {
  /// The oracle: conflict groups found by comparing every pair of rules of each key (same
  /// priority and complexity, other values, predicates that can both match), joined.
  static func pairwiseConflictGroups(_ rules: [Rule], keepingKeysWithout: Bool) -> [String: [[Int]]] {
    var expected: [String: [[Int]]] = [:]
    for (key, indices) in Dictionary(grouping: rules.indices, by: { rules[$0].key }) {
      var parent = Dictionary(uniqueKeysWithValues: indices.map { ($0, $0) })
      func root(_ i: Int) -> Int { parent[i] == i ? i : root(parent[i] ?? i) }
      for (n, i) in indices.enumerated() {
        for j in indices[(n + 1)...] {
          let (a, b) = (rules[i], rules[j])
          if a.priority == b.priority, a.complexity == b.complexity, a.value != b.value,
            canBothMatch(a.predicate, b.predicate)
          {
            parent[root(i)] = root(j)
          }
        }
      }
      let groups = Dictionary(grouping: indices, by: root).values.filter { $0.count > 1 }.map { $0.sorted() }
      if keepingKeysWithout || !groups.isEmpty { expected[key] = groups.sorted { $0[0] < $1[0] } }
    }
    return expected
  }
}
