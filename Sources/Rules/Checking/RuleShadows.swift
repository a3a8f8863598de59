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
/// Near-linear: a winner's comparison is only implied by a few kinds of comparison
/// (`p = v` only by itself, `p in (…)` by `p = v` or `p in (…)` with one of its values),
/// so each rule is filed under the keys of its least common comparison and compared only
/// with the rules that have a comparison implying it; of the rules without a predicate,
/// which shadow every rule after them, only the strongest is compared with all.
enum RuleShadows {
  /// A shadowed rule and the rule that always wins over it.
  struct Shadow {
    let shadowed: Int
    let winner: Int
  }

  static func shadows(_ rules: [Rule]) -> [Shadow] {
    let conjuncts = rules.map { $0.predicate.map(Self.conjuncts) ?? [] }
    let anchors = conjuncts.map { $0.map(\.anchorKeys) }
    var found: [Shadow] = []
    for indices in Dictionary(grouping: rules.indices, by: { rules[$0].key }).values {
      var frequency: [String: Int] = [:]
      for index in indices {
        for keys in anchors[index] {
          for key in keys { frequency[key, default: 0] += 1 }
        }
      }
      var filed: [String: [Int]] = [:]
      var unconditional: Int?
      for index in indices {
        let best = anchors[index].min {
          $0.reduce(0) { $0 + frequency[$1, default: 0] } < $1.reduce(0) { $0 + frequency[$1, default: 0] }
        }
        guard let best else {
          if unconditional.map({ precedes(index, $0, rules) }) ?? true { unconditional = index }
          continue
        }
        for key in Set(best) { filed[key, default: []].append(index) }
      }
      for index in indices {
        var winner: Int?
        func consider(_ candidate: Int) {
          guard candidate != index, precedes(candidate, index, rules),
            winner.map({ precedes(candidate, $0, rules) }) ?? true,
            implies(conjuncts[index], conjuncts[candidate])
          else { return }
          winner = candidate
        }
        if let unconditional { consider(unconditional) }
        for key in Set(anchors[index].compactMap(\.first)) {
          for candidate in filed[key] ?? [] { consider(candidate) }
        }
        if let winner { found.append(Shadow(shadowed: index, winner: winner)) }
      }
    }
    return found.sorted { $0.shadowed < $1.shadowed }
  }

  /// One warning at each shadowed rule, naming the rule that wins instead.
  static func warnings(_ shadows: [Shadow], _ rules: [Rule], sources: [String: SourceLines]) -> [RuleDiagnostic] {
    shadows.compactMap { shadow in
      let (rule, winner) = (rules[shadow.shadowed], rules[shadow.winner])
      guard let source = rule.source, let lines = sources[source.file] else { return nil }
      return lines.diagnostic(
        .warning, line: source.line, column: source.column,
        "this rule can never win: the rule at \(winner.location) matches whenever it does and comes first for '\(rule.key)' (\(reason(winner, over: rule)))")
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
    case (.comparison(let path, .in, .list(let narrow)), .comparison(let other, .in, .list(let values))) where path == other:
      return !narrow.isEmpty && narrow.allSatisfy { value in values.contains { $0.isEqual(to: value) } }
    case (_, .or(let parts)):
      return parts.contains { implies(strong, $0) }
    default:
      return false
    }
  }
}

extension Qualifier {
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
    path.components.joined(separator: "\u{1}") + "\u{0}" + value.description
  }
}
