extension ConflictIndex {
  /// Rules split on one path: by required value, and those that require none.
  struct Split {
    var buckets: [String: [Int]] = [:]
    var constrained: [Int] = []
    var wildcards: [Int] = []

    init(path: String, rules: [Int], required: [[String: Set<String>]]) {
      for rule in rules {
        guard let keys = required[rule][path] else {
          wildcards.append(rule)
          continue
        }
        constrained.append(rule)
        for key in keys { buckets[key, default: []].append(rule) }
      }
    }
  }

  /// The key paths of one or two sets of rules: those every rule agrees on, and the one to
  /// split on (for which two rules, one each side for two sets, may require different
  /// values; of those, the one most rules require).
  struct Paths {
    var agreed: Set<String> = []
    var split: String?
    /// The paths that may keep two rules apart.
    var apart: [String] = []
    /// Whether those paths are required by so few rules each that listing the pairs they
    /// keep apart costs less than splitting (at most 16 pairs per rule and path required).
    var isSparse = false

    init(_ left: [Int], _ right: [Int], required: [[String: Set<String>]], excluded: Set<String>) {
      var counts: [String: (left: Int, right: Int)] = [:]
      var shared: [String: Set<String>] = [:]
      for (side, rules) in [left, right].enumerated() {
        for rule in rules {
          for (path, keys) in required[rule] where !excluded.contains(path) {
            var count = counts[path] ?? (0, 0)
            if side == 0 { count.left += 1 } else { count.right += 1 }
            counts[path] = count
            shared[path] = shared[path].map { $0.intersection(keys) } ?? keys
          }
        }
      }
      let twoSides = !right.isEmpty
      var best: (count: Int, path: String)?
      var (pairs, entries) = (0, left.count + right.count)
      for (path, count) in counts {
        entries += count.left + count.right
        let total = count.left + count.right
        let bothSides = twoSides ? count.left > 0 && count.right > 0 : total > 1
        guard bothSides, shared[path]?.isEmpty ?? false else {
          agreed.insert(path)
          continue
        }
        apart.append(path)
        pairs += twoSides ? count.left * count.right : total * (total - 1) / 2
        if best.map({ total > $0.count || (total == $0.count && path < $0.path) }) ?? true { best = (total, path) }
      }
      split = best?.path
      isSparse = pairs <= 16 * entries
    }
  }
}
