/// Why a key has its value in a context: the winning rule and the matching rules that
/// lost, with the reason each lost. Feeds `d2t rules explain` and the debug overlay.
public struct RuleExplanation: CustomStringConvertible {
  /// A rule that matched but did not win.
  public struct Loser {
    public var rule: Rule
    public var reason: String
  }

  public var resolution: RuleResolution
  public var losers: [Loser]

  /// Several lines:
  ///
  ///     title = 'Films'
  ///       from user.rules:3 (priority normal, complexity 2)
  ///         entity.name = 'Film' AND task = 'list' => title <= 'Films'
  ///       matched but lost:
  ///         user.rules:1 (priority normal, complexity 1): less specific (complexity 1 < 2)
  ///           task = 'list' => title <= 'List'
  public var description: String {
    var lines = ["\(resolution.key) = \(resolution.value)"]
    switch resolution.source {
    case .explicit:
      lines.append("  set explicitly in the context")
    case .keyDefault:
      lines.append("  no rule matched: the key's default")
    case .rule(let rule):
      lines.append("  from \(rule.location) (priority \(rule.priority), complexity \(rule.complexity))")
      lines.append("    \(rule)")
    }
    if !losers.isEmpty {
      lines.append("  matched but lost:")
      for loser in losers {
        let rule = loser.rule
        lines.append("    \(rule.location) (priority \(rule.priority), complexity \(rule.complexity)): \(loser.reason)")
        lines.append("      \(rule)")
      }
    }
    if let cycle = resolution.cycle {
      lines.append(contentsOf: cycle.description.split(separator: "\n").map { "  " + $0 })
    }
    return lines.joined(separator: "\n")
  }
}

extension RuleContext {
  /// The value of `key`, the rule that gave it, and every matching rule that lost.
  public func explain(_ key: String) -> RuleExplanation {
    let resolution = resolution(forKey: key)
    let candidates = model.candidates(for: key)
    let matching = candidates.filter { $0.rule.predicate?.evaluate(with: self) ?? true }
    var losers: [RuleExplanation.Loser] = []
    switch resolution.source {
    case .explicit:
      losers = matching.map { .init(rule: $0.rule, reason: "the context sets '\(key)' explicitly") }
    case .rule(let rule):
      if let winner = matching.first(where: { $0.rule == rule }) {
        losers = matching.filter { $0 !== winner }.map { .init(rule: $0.rule, reason: $0.reason(losingTo: winner)) }
      }
    case .keyDefault:
      break
    }
    return RuleExplanation(resolution: resolution, losers: losers)
  }
}
