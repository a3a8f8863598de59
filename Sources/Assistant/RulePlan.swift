import Qualifiers
import Rules

/// The one rule a change writes, at a priority that wins over the defaults and the user's
/// less specific rules but not over the user's more specific ones; when such a rule would
/// still win, `stillWinning` names it so the assistant can say so.
public struct RulePlan: Hashable, Sendable {
  public var rule: Rule
  /// A matching rule that keeps the key's value even with `rule` written.
  public var stillWinning: Rule?
  /// The assistant's earlier rule for the same key and predicate, which `rule` replaces.
  public var replaces: Rule?

  /// Plans `predicate => key <= value` in `context` (where the change was asked for).
  /// `written` are the rules the assistant wrote earlier (one with the same key and
  /// predicate is replaced rather than competed with).
  public static func make(
    key: String, value: RuleValue, predicate: Qualifier?, in context: RuleContext, written: [Rule] = []
  ) -> RulePlan {
    let replaced = written.first { $0.key == key && $0.predicate == predicate }
    let complexity = predicate?.complexity ?? 0
    var priority = RulePriority.normal
    let matching = context.explain(key)
    let competitors = ([matching.resolution.rule].compactMap { $0 } + matching.losers.map(\.rule))
      .filter { rule in isUserRule(rule, in: context.model) && !isSame(rule, replaced) }
    for rule in competitors where rule.complexity <= complexity {
      let needed = rule.complexity == complexity ? RulePriority(rule.priority.value + 1) : rule.priority
      if needed > priority { priority = needed }
    }
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

  private static func isUserRule(_ rule: Rule, in model: RuleModel) -> Bool {
    model.rules.contains(rule)
  }

  private static func isSame(_ rule: Rule, _ other: Rule?) -> Bool {
    guard let other else { return false }
    return rule.key == other.key && rule.predicate == other.predicate && rule.source?.file == other.source?.file
      && rule.source?.line == other.source?.line
  }
}
