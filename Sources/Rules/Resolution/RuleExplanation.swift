/// Why a key has its value in a context, like a browser's computed-styles panel: the
/// winning rule, the matching rules that lost with the reason each lost, and on request
/// the rules for the key that did not match with the first comparison that failed.
/// Feeds `d2t rules explain` and the debug overlay.
public struct RuleExplanation: CustomStringConvertible {
  /// A rule that matched but did not win.
  public struct Loser {
    public var rule: Rule
    public var reason: String
  }

  /// A rule for the key whose predicate did not match.
  public struct Unmatched {
    public var rule: Rule
    public var failure: PredicateFailure
  }

  public var resolution: RuleResolution
  /// Strongest first, as resolution tried them.
  public var losers: [Loser]
  /// Empty unless asked for; strongest first.
  public var unmatched: [Unmatched] = []

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
    func section(_ title: String, _ rules: [(rule: Rule, why: String)]) {
      guard !rules.isEmpty else { return }
      lines.append("  \(title):")
      for (rule, why) in rules {
        lines.append("    \(rule.location) (priority \(rule.priority), complexity \(rule.complexity)): \(why)")
        lines.append("      \(rule)")
      }
    }
    section("matched but lost", losers.map { ($0.rule, $0.reason) })
    section("did not match", unmatched.map { ($0.rule, "\($0.failure)") })
    if let cycle = resolution.cycle {
      lines.append(contentsOf: cycle.description.split(separator: "\n").map { "  " + $0 })
    }
    return lines.joined(separator: "\n")
  }
}

extension RuleContext {
  /// The value of `key`, the rule that gave it, and every matching rule that lost; with
  /// `includingUnmatched`, also every rule for the key that did not match, with why.
  public func explain(_ key: String, includingUnmatched: Bool = false) -> RuleExplanation {
    let resolution = resolution(forKey: key)
    let candidates = model.candidates(for: key)
    var matching: [RuleEntry] = []
    var unmatched: [RuleExplanation.Unmatched] = []
    for candidate in candidates {
      guard let predicate = candidate.predicate else {
        matching.append(candidate)
        continue
      }
      if let failure = PredicateFailure.first(in: predicate, with: self) {
        if includingUnmatched { unmatched.append(.init(rule: candidate.rule, failure: failure)) }
      } else {
        matching.append(candidate)
      }
    }
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
    return RuleExplanation(resolution: resolution, losers: losers, unmatched: unmatched)
  }
}
