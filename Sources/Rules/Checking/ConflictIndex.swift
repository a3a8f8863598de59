/// Groups rules (by index) that conflict — different values, and no key path for which
/// both require values that differ — directly or through other rules, without comparing
/// every pair.
///
/// A set of rules is split on a key path for which two of them require different values,
/// the one most rules require: into one bucket per required value and the rules that
/// require none (wildcards). Two rules in different buckets cannot both match, so only
/// pairs inside a bucket, and pairs with a wildcard, are looked at, each on the remaining
/// key paths. Paths on which every rule of a set agrees (one shared value, or required by
/// one rule alone) never keep two of them apart and are dropped. A set left with no path
/// to split on can all match together: then only values decide, and a rule is joined to
/// one of at most three rules of other values instead of to every rule, so 20,000 rules
/// with one predicate cost about 20,000 comparisons, not 200 million. Small sets are
/// compared pairwise. The groups are exact: those of comparing every pair.
struct ConflictIndex {
  /// Two rule indices, `first < second`.
  struct Pair: Hashable {
    let first: Int
    let second: Int

    init(_ a: Int, _ b: Int) {
      first = min(a, b)
      second = max(a, b)
    }
  }

  /// Up to this many pairs a set is compared pairwise.
  static let pairwiseLimit = 64

  /// The keys of the values each rule requires (`QualifierValue.checkKey`), by key path.
  let required: [[String: Set<String>]]
  /// Each rule's value, as a number shared by the rules that give the same value.
  let values: [Int]
  /// Pairs of rules looked at: what the cost grows with.
  private(set) var comparisons = 0
  /// Union-find over rule indices: each rule's parent, itself at a group's root.
  private var parent: [Int]

  init(required: [[String: Set<String>]], values: [Int]) {
    self.required = required
    self.values = values
    parent = Array(required.indices)
  }

  private func differ(_ i: Int, _ j: Int) -> Bool { values[i] != values[j] }

  /// The groups of two or more rules among `rules`, each in index order, by first index.
  mutating func groups(of rules: [Int]) -> [[Int]] {
    var byRoot: [Int: [Int]] = [:]
    for rule in rules { byRoot[root(rule), default: []].append(rule) }
    return byRoot.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
  }

  private mutating func root(_ rule: Int) -> Int {
    var current = rule
    while parent[current] != current {
      parent[current] = parent[parent[current]]
      current = parent[current]
    }
    return current
  }

  private mutating func join(_ i: Int, _ j: Int) {
    let (a, b) = (root(i), root(j))
    if a != b { parent[a] = b }
  }

  /// Every conflicting pair within `rules`, looking only at paths not in `excluded`.
  mutating func findSelf(_ rules: [Int], excluded: Set<String>) {
    guard rules.count > 1 else { return }
    guard rules.count * (rules.count - 1) / 2 > Self.pairwiseLimit else {
      for (n, i) in rules.enumerated() {
        for j in rules[(n + 1)...] { check(i, j) }
      }
      return
    }
    let paths = Paths(rules, [], required: required, excluded: excluded)
    guard let path = paths.split else { return joinAll(rules) }
    if paths.isSparse { return joinBySearch(rules, [], apart: paths.apart) }
    let narrower = excluded.union(paths.agreed).union([path])
    let split = Split(path: path, rules: rules, required: required)
    for bucket in split.buckets.values { findSelf(bucket, excluded: narrower) }
    findCross(split.constrained, split.wildcards, excluded: narrower)
    findSelf(split.wildcards, excluded: narrower)
  }

  /// Every conflicting pair with one rule in `left` and one in `right`.
  mutating func findCross(_ left: [Int], _ right: [Int], excluded: Set<String>) {
    guard !left.isEmpty, !right.isEmpty else { return }
    guard left.count * right.count > Self.pairwiseLimit else {
      for i in left {
        for j in right { check(i, j) }
      }
      return
    }
    let paths = Paths(left, right, required: required, excluded: excluded)
    guard let path = paths.split else { return joinAcross(left, right) }
    if paths.isSparse { return joinBySearch(left, right, apart: paths.apart) }
    let narrower = excluded.union(paths.agreed).union([path])
    let leftSplit = Split(path: path, rules: left, required: required)
    let rightSplit = Split(path: path, rules: right, required: required)
    for (value, bucket) in leftSplit.buckets {
      if let other = rightSplit.buckets[value] { findCross(bucket, other, excluded: narrower) }
    }
    findCross(leftSplit.constrained, rightSplit.wildcards, excluded: narrower)
    findCross(leftSplit.wildcards, right, excluded: narrower)
  }

  private mutating func check(_ i: Int, _ j: Int) {
    guard root(i) != root(j) else { return }
    comparisons += 1
    if differ(i, j) && RuleConflicts.canBothMatch(required[i], required[j]) { join(i, j) }
  }

  /// Rules that can all match together: each is joined to a rule of another value, and
  /// with two values or more every rule conflicts with one that conflicts with the rest.
  private mutating func joinAll(_ rules: [Int]) {
    let first = rules[0]
    guard let other = rules.first(where: { differ(first, $0) }) else {
      comparisons += rules.count
      return
    }
    comparisons += 2 * rules.count
    for rule in rules { join(rule, differ(rule, first) ? first : other) }
  }

  /// Two sets whose rules can all match with each other: each rule is joined to every
  /// rule of another value among at most three of the other side, with different values.
  /// Those three are joined to each other through the other side, so any two rules of
  /// different values, one each side, end up in one group.
  private mutating func joinAcross(_ left: [Int], _ right: [Int]) {
    let (leftSamples, rightSamples) = (samples(left), samples(right))
    for (rules, others) in [(left, rightSamples), (right, leftSamples)] {
      for rule in rules {
        for other in others {
          comparisons += 1
          if differ(rule, other) { join(rule, other) }
        }
      }
    }
  }

  /// Up to three rules with different values.
  private mutating func samples(_ rules: [Int]) -> [Int] {
    var found: [Int] = []
    for rule in rules {
      comparisons += found.count
      if found.allSatisfy({ differ($0, rule) }) { found.append(rule) }
      if found.count == 3 { break }
    }
    return found
  }

  /// Rules kept apart only by paths few of them require (`apart`), with one set, or two
  /// sets whose pairs across are wanted: the pairs those paths keep apart are listed, and a
  /// search through the rules not yet reached, by value, joins each rule to every rule of
  /// another value it is not kept apart from. Each rule looked at is either reached or kept
  /// apart from the one searched from, so the cost is the rules plus the pairs kept apart.
  private mutating func joinBySearch(_ left: [Int], _ right: [Int], apart paths: [String]) {
    let twoSides = !right.isEmpty
    var side: [Int: Int] = [:]
    for rule in left { side[rule] = 0 }
    for rule in right { side[rule] = 1 }
    let wanted = Set(paths)
    var requiring: [String: [Int]] = [:]
    for rule in left + right {
      for path in required[rule].keys where wanted.contains(path) { requiring[path, default: []].append(rule) }
    }
    var blocked: [Int: Set<Int>] = [:]
    for (path, members) in requiring {
      for (n, i) in members.enumerated() {
        for j in members[(n + 1)...] where !twoSides || side[i] != side[j] {
          comparisons += 1
          guard let a = required[i][path], let b = required[j][path], a.isDisjoint(with: b) else { continue }
          blocked[i, default: []].insert(j)
          blocked[j, default: []].insert(i)
        }
      }
    }
    var waiting: [[Int: Set<Int>]] = [[:], [:]]
    for rule in left + right { waiting[side[rule] ?? 0][values[rule], default: []].insert(rule) }
    for start in left + right where waiting[side[start] ?? 0][values[start]]?.contains(start) ?? false {
      waiting[side[start] ?? 0][values[start]]?.remove(start)
      var queue = [start]
      while let rule = queue.popLast() {
        let other = twoSides ? 1 - (side[rule] ?? 0) : 0
        for (value, rules) in waiting[other] where value != values[rule] {
          var kept: Set<Int> = []
          for candidate in rules {
            comparisons += 1
            if blocked[rule]?.contains(candidate) ?? false {
              kept.insert(candidate)
            } else {
              join(rule, candidate)
              queue.append(candidate)
            }
          }
          waiting[other][value] = kept.isEmpty ? nil : kept
        }
      }
    }
  }
}
