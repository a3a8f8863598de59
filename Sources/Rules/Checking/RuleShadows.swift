import Qualifiers

/// Finds rules that can never win: another rule of the checked files for the same key
/// comes first in resolution order (higher priority; or equal priority and higher
/// complexity; or both equal and later in load order) and matches whenever this one
/// does. Built-in defaults never shadow a user rule, which always comes before them.
///
/// "Matches whenever": every comparison ANDed in the winner's predicate is implied by
/// one of the shadowed rule's (the same comparison, `p in (…)` holding every value the
/// other requires of `p`, or an OR with one such part); no predicate matches always.
///
/// Near-linear: rules of one key with the same predicate (the same set of comparisons)
/// are taken together, and only the strongest of them can shadow anything, so 20,000 rules
/// with one predicate are one predicate to compare, not 200 million pairs. A predicate of
/// comparisons only the same comparison implies (`=`, `like`…) is found by looking up the
/// subsets of the other predicate's comparisons (up to six of them). Any other predicate's
/// comparison is only implied by a few kinds of comparison (`p = v` only by itself,
/// `p in (…)` by `p = v` or `p in (…)` with one of its values), so each predicate is filed
/// under the keys of its least common comparison and compared only with the predicates
/// that have a comparison implying it, strongest first, stopping at the first that cannot
/// beat the winner found so far; the rules without a predicate are compared with all.
enum RuleShadows {
  /// A shadowed rule and the rule that always wins over it.
  struct Shadow {
    let shadowed: Int
    let winner: Int
  }

  static func shadows(_ rules: [Rule]) -> [Shadow] {
    var comparisons = 0
    return shadows(rules, comparisons: &comparisons)
  }

  /// The shadowed rules, each with the strongest rule that shadows it; `comparisons`
  /// counts the predicates compared or looked up (what the cost grows with).
  static func shadows(_ rules: [Rule], comparisons: inout Int) -> [Shadow] {
    var found: [Shadow] = []
    for indices in Dictionary(grouping: rules.indices, by: { rules[$0].key }).values {
      let predicates = Predicates(indices, rules)
      let winners = predicates.winners(rules, comparisons: &comparisons)
      for index in indices {
        let winner = winners[predicates.of[index, default: 0]]
        if winner != index { found.append(Shadow(shadowed: index, winner: winner)) }
      }
    }
    return found.sorted { $0.shadowed < $1.shadowed }
  }

  /// The distinct predicates of one key's rules, each with its strongest rule.
  private struct Predicates {
    /// Each predicate's comparisons ANDed.
    var conjuncts: [[Qualifier]] = []
    /// Each predicate's strongest rule: the only one of its rules that can shadow.
    var strongest: [Int] = []
    /// The predicate of each rule, by rule index.
    var of: [Int: Int] = [:]

    init(_ indices: [Int], _ rules: [Rule]) {
      var byComparisons: [Set<Qualifier>: Int] = [:]
      for index in indices {
        let parts = rules[index].predicate.map(RuleShadows.conjuncts) ?? []
        let id = byComparisons[Set(parts)] ?? conjuncts.count
        if id == conjuncts.count {
          byComparisons[Set(parts)] = id
          conjuncts.append(parts)
          strongest.append(index)
        } else if RuleShadows.precedes(index, strongest[id], rules) {
          strongest[id] = index
        }
        of[index] = id
      }
    }

    /// For each predicate, the strongest rule among those whose predicate it implies
    /// (its own included).
    func winners(_ rules: [Rule], comparisons: inout Int) -> [Int] {
      let anchors = conjuncts.map { $0.map(\.anchorKeys) }
      var frequency: [String: Int] = [:]
      for keys in anchors.joined() {
        for key in keys { frequency[key, default: 0] += 1 }
      }
      // A predicate whose comparisons are each implied only by themselves (no `in`, no OR)
      // is implied exactly by the predicates holding all of them: it is looked up by each
      // subset of a predicate's comparisons rather than filed, when none has more than six.
      var numbers: [Qualifier: Int] = [:]
      let numbered = conjuncts.map { parts in
        Set(
          parts.map { part in
            if let number = numbers[part] { return number }
            numbers[part] = numbers.count
            return numbers.count - 1
          }
        ).sorted()
      }
      let bySubset = numbered.allSatisfy { $0.count <= 6 }
      var exact: [[Int]: Int] = [:]
      var filed: [String: [Int]] = [:]
      var unconditional: [Int] = []
      for (id, parts) in anchors.enumerated() {
        if bySubset, !conjuncts[id].isEmpty, conjuncts[id].allSatisfy(\.isImpliedOnlyByItself) {
          exact[numbered[id]] = id
          continue
        }
        let best = parts.min {
          $0.reduce(0) { $0 + frequency[$1, default: 0] } < $1.reduce(0) { $0 + frequency[$1, default: 0] }
        }
        guard let best else {
          unconditional.append(id)
          continue
        }
        for key in Set(best) { filed[key, default: []].append(id) }
      }
      let strongestFirst = { (a: Int, b: Int) in RuleShadows.precedes(strongest[a], strongest[b], rules) }
      for key in filed.keys { filed[key]?.sort(by: strongestFirst) }
      var winners = strongest
      for (id, parts) in anchors.enumerated() {
        func consider(_ candidates: [Int]) {
          for candidate in candidates {
            guard RuleShadows.precedes(strongest[candidate], winners[id], rules) else { return }
            comparisons += 1
            if RuleShadows.implies(conjuncts[id], conjuncts[candidate]) {
              winners[id] = strongest[candidate]
              return
            }
          }
        }
        consider(unconditional)
        if !exact.isEmpty {
          let own = numbered[id]
          for mask in 1..<(1 << own.count) {
            let subset = own.indices.filter { mask & (1 << $0) != 0 }.map { own[$0] }
            comparisons += 1
            guard let candidate = exact[subset], RuleShadows.precedes(strongest[candidate], winners[id], rules) else {
              continue
            }
            winners[id] = strongest[candidate]
          }
        }
        for key in Set(parts.compactMap(\.first)) { consider(filed[key] ?? []) }
      }
      return winners
    }
  }

  /// One warning at each shadowed rule, naming the rule that wins instead.
  static func warnings(_ shadows: [Shadow], _ rules: [Rule], sources: [String: SourceLines]) -> [RuleDiagnostic] {
    shadows.compactMap { shadow in
      let (rule, winner) = (rules[shadow.shadowed], rules[shadow.winner])
      guard let source = rule.source, let lines = sources[source.file] else { return nil }
      return lines.diagnostic(
        .warning, line: source.line, column: source.column,
        "this rule can never win: the rule at \(winner.location) matches whenever it does and comes first for '\(rule.key)' (\(reason(winner, over: rule)))"
      )
    }
  }

  /// Whether user rule `a` comes before user rule `b` (indices are load order).
  static func precedes(_ a: Int, _ b: Int, _ rules: [Rule]) -> Bool {
    let (x, y) = (rules[a], rules[b])
    if x.priority != y.priority { return x.priority > y.priority }
    if x.complexity != y.complexity { return x.complexity > y.complexity }
    return a > b
  }

  private static func reason(_ winner: Rule, over rule: Rule) -> String {
    if winner.priority != rule.priority { return "priority \(winner.priority) > \(rule.priority)" }
    if winner.complexity != rule.complexity { return "complexity \(winner.complexity) > \(rule.complexity)" }
    return "same priority and complexity, loaded later"
  }

  /// The comparisons ANDed at the top of a predicate (nested ANDs flattened).
  static func conjuncts(_ qualifier: Qualifier) -> [Qualifier] {
    switch qualifier {
    case .and(let parts): return parts.flatMap(conjuncts)
    case .constant(true): return []
    default: return [qualifier]
    }
  }

  /// Whether a context that satisfies every one of `strong` satisfies every one of `weak`.
  static func implies(_ strong: [Qualifier], _ weak: [Qualifier]) -> Bool {
    weak.allSatisfy { part in strong.contains { implies($0, part) } }
  }

  private static func implies(_ strong: Qualifier, _ weak: Qualifier) -> Bool {
    if strong == weak { return true }
    switch (strong, weak) {
    case (.comparison(let path, .equal, let value), .comparison(let other, .in, .list(let values))) where path == other:
      return value != .null && values.contains { $0.isEqual(to: value) }
    case (.comparison(let path, .in, .list(let narrow)), .comparison(let other, .in, .list(let values)))
    where path == other:
      return !narrow.isEmpty && narrow.allSatisfy { value in values.contains { $0.isEqual(to: value) } }
    case (_, .or(let parts)):
      return parts.contains { implies(strong, $0) }
    default:
      return false
    }
  }
}

extension Qualifier {
  /// Whether only the same comparison implies this one as part of a predicate: anything
  /// but `p in (…)` and an OR.
  fileprivate var isImpliedOnlyByItself: Bool {
    switch self {
    case .comparison(_, .in, .list), .or: return false
    default: return true
    }
  }

  /// Where a rule whose predicate ANDs this comparison is filed: a rule it shadows must
  /// have a comparison whose first key is one of these. `path = v` gives `path|v`,
  /// `path in (…)` one key per value, an OR the keys of its parts, anything else (`like`,
  /// `!=`, `NOT`…), implied only by itself, its own text.
  fileprivate var anchorKeys: [String] {
    switch self {
    case .comparison(let path, .equal, let value) where value != .null:
      return [Self.anchor(path, value)]
    case .comparison(let path, .in, .list(let values)) where !values.isEmpty:
      return values.map { Self.anchor(path, $0) }
    case .or(let parts):
      return parts.flatMap(\.anchorKeys)
    default:
      return ["~" + description]
    }
  }

  private static func anchor(_ path: PropertyPath, _ value: QualifierValue) -> String {
    path.components.joined(separator: "\u{1}") + "\u{0}" + value.checkKey
  }
}
