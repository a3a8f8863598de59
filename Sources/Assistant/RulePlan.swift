import Qualifiers
import Rules

/// The one rule a change writes, at a priority that wins over the defaults and the user's
/// less specific rules but not over the user's more specific ones; when such a rule would
/// still win, `stillWinning` names it so the assistant can say so.
public struct RulePlan: Hashable, Sendable {
  public var rule: Rule
  /// A matching rule that keeps the key's value even with `rule` written.
  public var stillWinning: Rule?
  /// The file's rule for the same key and predicate (the assistant's or the user's), which
  /// `rule` replaces in place.
  public var replaces: Rule?

  /// Plans `predicate => key <= value` in `context` (where the change was asked for).
  /// `replaceable` are the rules of the file written to, the assistant's first: one with
  /// the same key and predicate is replaced rather than competed with.
  public static func make(
    key: String, value: RuleValue, predicate: Qualifier?, in context: RuleContext, replaceable: [Rule] = []
  ) -> RulePlan {
    let replaced = replaceable.first { $0.key == key && samePredicate($0.predicate, predicate) }
    let complexity = predicate?.complexity ?? 0
    // A rule replaced in place keeps the priority its author gave it, at the least.
    let floor = replaced?.priority ?? .normal
    var priority = floor
    let matching = context.explain(key)
    let competitors = ([matching.resolution.rule].compactMap { $0 } + matching.losers.map(\.rule))
      .filter { rule in isUserRule(rule, in: context.model) && !isSame(rule, replaced) }
    for rule in competitors where rule.complexity <= complexity {
      let needed = rule.complexity == complexity ? RulePriority(rule.priority.value + 1) : rule.priority
      if needed > priority { priority = needed }
    }
    // No tie with a rule of the key that can match together with this one elsewhere: only
    // load order would decide between them (`d2t rules check` warns about such pairs).
    let peers = context.model.rules.filter {
      $0.key == key && $0.complexity == complexity && !isSame($0, replaced) && canMatchTogether($0.predicate, predicate)
    }
    while peers.contains(where: { $0.priority == priority }) { priority = RulePriority(priority.value + 1) }
    // Never above a more specific rule of the user's that can match together with this
    // one: at equal priority the more specific rule wins where both match.
    let moreSpecific = context.model.rules.filter {
      $0.key == key && $0.complexity > complexity && canMatchTogether($0.predicate, predicate)
    }
    if let ceiling = moreSpecific.map(\.priority).min(), ceiling < priority { priority = max(ceiling, floor) }
    let rule = Rule(predicate: predicate, key: key, value: value, priority: priority)
    var trial = context
    let kept = context.model.rules.filter { !isSame($0, replaced) }
    var model = RuleModel(rules: kept, defaults: context.model.defaults, registry: context.model.registry)
    model.add(rule)
    trial.model = model
    let winner = trial.resolution(forKey: key).rule
    let stillWinning = winner.flatMap { $0.isEquivalent(to: rule) ? nil : $0 }
    return RulePlan(rule: rule, stillWinning: stillWinning, replaces: replaced)
  }

  /// Whether two predicates say the same: equal, or the same comparisons joined by AND in
  /// another order (`task = 'list' AND entity.name = 'Film'`).
  static func samePredicate(_ a: Qualifier?, _ b: Qualifier?) -> Bool {
    if a == b { return true }
    guard case .and(let left)? = a, case .and(let right)? = b, left.count == right.count else { return false }
    return Set(left) == Set(right)
  }

  /// Whether two predicates may both hold: false only when both require a different value
  /// of the same key (`entity.name = 'Film'` and `entity.name = 'Actor'`).
  static func canMatchTogether(_ a: Qualifier?, _ b: Qualifier?) -> Bool {
    let left = equalities(a), right = equalities(b)
    return !left.contains { path, value in right[path].map { $0 != value } ?? false }
  }

  /// The `key = value` comparisons a predicate requires (those at its top level).
  private static func equalities(_ qualifier: Qualifier?) -> [PropertyPath: QualifierValue] {
    switch qualifier {
    case .comparison(let path, .equal, let value)?: return [path: value]
    case .and(let parts)?:
      var result: [PropertyPath: QualifierValue] = [:]
      for part in parts { result.merge(equalities(part)) { first, _ in first } }
      return result
    default: return [:]
    }
  }

  private static func isUserRule(_ rule: Rule, in model: RuleModel) -> Bool {
    model.rules.contains(rule)
  }

  private static func isSame(_ rule: Rule, _ other: Rule?) -> Bool {
    guard let other else { return false }
    return rule.key == other.key && rule.predicate == other.predicate && rule.source?.file == other.source?.file
      && rule.source?.line == other.source?.line
  }
}
