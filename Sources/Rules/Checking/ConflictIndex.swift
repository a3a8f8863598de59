import Qualifiers

/// Groups rules (by index) that `conflicts` links, directly or through other rules,
/// without comparing every pair: a set of rules is split on the key path most of them
/// require a value for, into one bucket per required value and the rules that require
/// none (wildcards). Two rules in different buckets cannot both match, so only pairs
/// inside a bucket, and pairs with a wildcard, are looked at, each on the remaining key
/// paths. Small sets are compared pairwise, and a pair already in one group is not
/// compared again, so 400 rules that all conflict cost 400 comparisons, not 80,000.
/// The groups are exact: those of comparing every pair.
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

  /// Below this many comparisons a set is compared pairwise.
  static let pairwiseLimit = 64

  let required: [[String: [QualifierValue]]]
  let conflicts: (Int, Int) -> Bool
  /// Union-find over rule indices: each rule's parent, itself at a group's root.
  private var parent: [Int]

  init(required: [[String: [QualifierValue]]], conflicts: @escaping (Int, Int) -> Bool) {
    self.required = required
    self.conflicts = conflicts
    parent = Array(required.indices)
  }

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

  /// Every conflicting pair within `rules`.
  mutating func findSelf(_ rules: [Int], excluded: Set<String>) {
    guard rules.count > 1 else { return }
    guard rules.count * rules.count > Self.pairwiseLimit * 2, let split = split(rules, excluded: excluded) else {
      for (n, i) in rules.enumerated() {
        for j in rules[(n + 1)...] { check(i, j) }
      }
      return
    }
    let narrower = excluded.union([split.path])
    for bucket in split.buckets.values { findSelf(bucket, excluded: narrower) }
    findCross(split.constrained, split.wildcards, excluded: narrower)
    findSelf(split.wildcards, excluded: narrower)
  }

  /// Every conflicting pair with one rule in `left` and one in `right`.
  mutating func findCross(_ left: [Int], _ right: [Int], excluded: Set<String>) {
    guard !left.isEmpty, !right.isEmpty else { return }
    guard left.count * right.count > Self.pairwiseLimit, let split = split(left + right, excluded: excluded) else {
      for i in left {
        for j in right { check(i, j) }
      }
      return
    }
    let narrower = excluded.union([split.path])
    let leftSplit = Split(path: split.path, rules: left, required: required)
    let rightSplit = Split(path: split.path, rules: right, required: required)
    for (value, bucket) in leftSplit.buckets {
      if let other = rightSplit.buckets[value] { findCross(bucket, other, excluded: narrower) }
    }
    findCross(leftSplit.constrained, rightSplit.wildcards, excluded: narrower)
    findCross(leftSplit.wildcards, right, excluded: narrower)
  }

  private mutating func check(_ i: Int, _ j: Int) {
    let (a, b) = (root(i), root(j))
    guard a != b, conflicts(i, j) else { return }
    parent[a] = b
  }

  /// The split on the path that the most rules require a value for, or nil when no rule
  /// requires a value for a path not yet used.
  private func split(_ rules: [Int], excluded: Set<String>) -> Split? {
    var counts: [String: Int] = [:]
    for rule in rules {
      for (path, values) in required[rule] where !excluded.contains(path) && Split.bucketKeys(values) != nil {
        counts[path, default: 0] += 1
      }
    }
    // A path few rules require peels off only those rules: comparing pairwise is cheaper.
    guard let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
      best.value >= max(2, rules.count / 16)
    else { return nil }
    return Split(path: best.key, rules: rules, required: required)
  }

  /// Rules split on one path: by required value, and those that require none.
  private struct Split {
    let path: String
    var buckets: [String: [Int]] = [:]
    var constrained: [Int] = []
    var wildcards: [Int] = []

    init(path: String, rules: [Int], required: [[String: [QualifierValue]]]) {
      self.path = path
      for rule in rules {
        guard let values = required[rule][path], let keys = Self.bucketKeys(values) else {
          wildcards.append(rule)
          continue
        }
        constrained.append(rule)
        for key in Set(keys) { buckets[key, default: []].append(rule) }
      }
    }

    /// Keys that equal values share (strings, booleans, null); nil when a value compares
    /// loosely (numbers, lists), so the rule is treated as requiring nothing here.
    static func bucketKeys(_ values: [QualifierValue]) -> [String]? {
      var keys: [String] = []
      for value in values {
        switch value {
        case .string(let text): keys.append("s" + text)
        case .bool(let flag): keys.append(flag ? "t" : "f")
        case .null: keys.append("n")
        default: return nil
        }
      }
      return keys.isEmpty ? nil : keys
    }
  }
}
