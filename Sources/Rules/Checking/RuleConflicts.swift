import Qualifiers

/// Finds rules for one key with the same priority and complexity, different values,
/// and predicates that can both match: only load order decides between them.
///
/// Reported per key: the first few pairs, then one warning for the rest (`… and 397
/// more rules for key 'title' that only load order decides`), so thousands of rules
/// that all conflict give a handful of lines, not millions.
enum RuleConflicts {
  /// How many pairs of a key are shown before the rest is summed up.
  static let shownPairsPerKey = 3
  /// How many comparisons finding the shown pairs may take per key.
  static let pairSearchBudget = 20_000

  /// The groups of conflicting rules of each key, by key.
  ///
  /// Near-linear: rules are grouped by key, priority and complexity, and each group is
  /// split by the values its predicates require (`ConflictIndex`), so only rules that can
  /// both match are compared.
  static func groups(
    _ rules: [Rule], excluding excluded: Set<Int> = [], required given: [[String: Set<String>]]? = nil
  ) -> [(key: String, groups: [[Int]])] {
    var comparisons = 0
    return groups(rules, excluding: excluded, required: given, comparisons: &comparisons)
  }

  /// The groups, counting in `comparisons` the pairs of rules looked at.
  static func groups(
    _ rules: [Rule], excluding excluded: Set<Int> = [], required given: [[String: Set<String>]]?,
    comparisons: inout Int
  ) -> [(key: String, groups: [[Int]])] {
    let required = given ?? rules.map(requiredKeys)
    let byKey = Dictionary(grouping: rules.indices.filter { !excluded.contains($0) }, by: { rules[$0].key })
    var numbers: [RuleValue: Int] = [:]
    let values = rules.map { rule in
      if let number = numbers[rule.value] { return number }
      numbers[rule.value] = numbers.count
      return numbers.count - 1
    }
    let forbidden = rules.map(forbiddenKeys)
    var result: [(key: String, groups: [[Int]])] = []
    for key in byKey.keys.sorted() {
      guard let indices = byKey[key] else { continue }
      var index = ConflictIndex(required: required, values: values)
      let sameRank = Dictionary(grouping: indices) {
        GroupKey(priority: rules[$0].priority, complexity: rules[$0].complexity)
      }
      for group in sameRank.values where group.count > 1 { index.findSelf(group, excluded: []) }
      comparisons += index.comparisons
      let groups = index.groups(of: indices).flatMap { group in
        refined(group, values: values, required: required, forbidden: forbidden, comparisons: &comparisons)
      }
      if !groups.isEmpty { result.append((key, groups)) }
    }
    return result
  }

  /// Groups of at most this many rules with a `!=` among them are split again pairwise.
  static let refinedGroupLimit = 300

  /// A group found on required values, split where a rule forbids every value another
  /// requires (`task != 'edit'` and `task = 'edit'` never both match): the connected
  /// components of the exact conflict graph. Groups without a forbidden value are already
  /// exact, and larger ones are kept as they are (the bound keeps the check near-linear).
  private static func refined(
    _ group: [Int], values: [Int], required: [[String: Set<String>]], forbidden: [[String: Set<String>]],
    comparisons: inout Int
  ) -> [[Int]] {
    guard group.count <= refinedGroupLimit, group.contains(where: { !forbidden[$0].isEmpty }) else { return [group] }
    var parent = Dictionary(uniqueKeysWithValues: group.map { ($0, $0) })
    func root(_ i: Int) -> Int {
      var current = i
      while let next = parent[current], next != current { current = next }
      return current
    }
    for (n, i) in group.enumerated() {
      for j in group[(n + 1)...] {
        comparisons += 1
        guard values[i] != values[j],
          canBothMatch(required[i], required[j], forbidden: forbidden[i], forbidden[j])
        else { continue }
        let (a, b) = (root(i), root(j))
        if a != b { parent[a] = b }
      }
    }
    let components = Dictionary(grouping: group, by: root).values
    return components.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
  }

  /// `canBothMatch` on required values, and false too when one rule forbids every value
  /// the other requires for a key path.
  static func canBothMatch(
    _ left: [String: Set<String>], _ right: [String: Set<String>], forbidden leftForbidden: [String: Set<String>],
    _ rightForbidden: [String: Set<String>]
  ) -> Bool {
    guard canBothMatch(left, right) else { return false }
    for (path, keys) in left where rightForbidden[path].map(keys.isSubset) == true { return false }
    for (path, keys) in right where leftForbidden[path].map(keys.isSubset) == true { return false }
    return true
  }

  /// The keys of the values each key path must not have, by `requiredByPath`'s path text.
  static func forbiddenKeys(_ rule: Rule) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for requirement in rule.predicate?.forbiddenValues ?? [] {
      result[requirement.path.components.joined(separator: "\u{1}"), default: []]
        .formUnion(requirement.values.map(\.checkKey))
    }
    return result
  }

  static func warnings(
    _ rules: [Rule], excluding excluded: Set<Int> = [], sources: [String: SourceLines]
  ) -> [RuleDiagnostic] {
    let required = rules.map(requiredKeys)
    let forbidden = rules.map(forbiddenKeys)
    var warnings: [RuleDiagnostic] = []
    for (key, groups) in groups(rules, excluding: excluded, required: required) {
      let pairs = shownPairs(groups) { conflicts($0, $1, rules, required, forbidden) }
      for pair in pairs {
        let (a, b) = (rules[pair.first], rules[pair.second])
        guard let source = b.source, let lines = sources[source.file] else { continue }
        warnings.append(
          lines.diagnostic(
            .warning, line: source.line, column: source.column,
            "this rule and the one at \(a.location) can both match with the same priority and complexity but different values for '\(key)'; the later one wins"
          ))
      }
      let shown = Set(pairs.flatMap { [$0.first, $0.second] })
      let rest = groups.joined().filter { !shown.contains($0) }.sorted()
      guard let first = rest.first, let source = rules[first].source, let lines = sources[source.file] else { continue }
      let places = rest.prefix(5).map { rules[$0].location }.joined(separator: ", ") + (rest.count > 5 ? ", …" : "")
      warnings.append(
        lines.diagnostic(
          .warning, line: source.line, column: source.column,
          "… and \(rest.count) more rule\(rest.count == 1 ? "" : "s") for key '\(key)' that only load order decides (\(places))"
        ))
    }
    return warnings
  }

  /// Up to `shownPairsPerKey` conflicting pairs, the first in load order of each group's
  /// rules, at most one per later rule; found within `pairSearchBudget` comparisons.
  static func shownPairs(_ groups: [[Int]], conflicts: (Int, Int) -> Bool) -> [ConflictIndex.Pair] {
    var pairs: [ConflictIndex.Pair] = []
    var budget = pairSearchBudget
    for group in groups {
      for (n, later) in group.enumerated() where n > 0 {
        for earlier in group[..<n] {
          guard pairs.count < shownPairsPerKey, budget > 0 else { return pairs }
          budget -= 1
          if conflicts(earlier, later) {
            pairs.append(ConflictIndex.Pair(earlier, later))
            break
          }
        }
      }
    }
    return pairs
  }

  /// Different values, predicates that can both match.
  private static func conflicts(
    _ i: Int, _ j: Int, _ rules: [Rule], _ required: [[String: Set<String>]], _ forbidden: [[String: Set<String>]]
  ) -> Bool {
    rules[i].value != rules[j].value
      && canBothMatch(required[i], required[j], forbidden: forbidden[i], forbidden[j])
  }

  private struct GroupKey: Hashable {
    let priority: RulePriority
    let complexity: Int
  }

  /// False only when both require, for one key path, values none of which are equal
  /// (given as `QualifierValue.checkKey`s).
  static func canBothMatch(_ left: [String: Set<String>], _ right: [String: Set<String>]) -> Bool {
    for (path, keys) in left {
      guard let others = right[path] else { continue }
      if keys.isDisjoint(with: others) { return false }
    }
    return true
  }

  /// The keys (`QualifierValue.checkKey`) of the values each key path must have, by
  /// `requiredByPath`'s path text.
  static func requiredKeys(_ rule: Rule) -> [String: Set<String>] {
    (rule.predicate.map(requiredByPath) ?? [:]).mapValues { Set($0.map(\.checkKey)) }
  }

  /// The values each key path must have, by the path's text (`entity.name`).
  static func equalities(_ qualifier: Qualifier) -> [String: [QualifierValue]] {
    var result: [String: [QualifierValue]] = [:]
    for requirement in qualifier.requiredValues { result[requirement.path.description] = requirement.values }
    return result
  }

  /// The values each key path must have, keyed by the path's keys joined by U+0001: the
  /// same as `equalities` for comparing, without the cost of quoting keys.
  static func requiredByPath(_ qualifier: Qualifier) -> [String: [QualifierValue]] {
    var result: [String: [QualifierValue]] = [:]
    for requirement in qualifier.requiredValues {
      result[requirement.path.components.joined(separator: "\u{1}")] = requirement.values
    }
    return result
  }

  /// Where a literal appears in a rule's lines, quoted or as a bare word, else the
  /// rule's start.
  static func locate(_ literal: String, in rule: Rule, _ source: SourceLines) -> (Int, Int) {
    guard let place = rule.source else { return (1, 1) }
    for form in ["'\(literal)'", "\"\(literal)\"", literal] {
      for line in place.line...max(place.line, place.endLine) {
        if let column = column(of: Array(form), in: Array(source.text(ofLine: line)), wholeWord: form == literal) {
          return (line, column)
        }
      }
    }
    return (place.line, place.column)
  }

  private static func column(of needle: [Character], in text: [Character], wholeWord: Bool) -> Int? {
    guard !needle.isEmpty, needle.count <= text.count else { return nil }
    func isWord(_ i: Int) -> Bool {
      i >= 0 && i < text.count && (text[i].isLetter || text[i].isNumber || text[i] == "_")
    }
    for start in 0...(text.count - needle.count) where Array(text[start..<start + needle.count]) == needle {
      if wholeWord && (isWord(start - 1) || isWord(start + needle.count)) { continue }
      return start + 1
    }
    return nil
  }
}
