import Qualifiers

/// The candidates for one key, strongest first, with the key paths their predicates
/// require values of. Resolution reads each such path once and skips every rule whose
/// required values it does not have, before evaluating full predicates.
struct RuleBucket: Sendable {
  private(set) var entries: [RuleEntry] = []
  private(set) var paths: [PropertyPath] = []

  mutating func append(_ rule: Rule, isDefault: Bool, order: Int) {
    let alternatives = rule.predicate?.requirementAlternatives?.map { requirements in
      requirements.map { requirement in
        let index = paths.firstIndex(of: requirement.path) ?? paths.count
        if index == paths.count { paths.append(requirement.path) }
        return RuleEntry.Requirement(pathIndex: index, values: requirement.values)
      }
    }
    entries.append(RuleEntry(rule: rule, isDefault: isDefault, order: order, requirements: alternatives))
  }

  mutating func sort() {
    entries.sort(by: RuleEntry.precedes)
  }
}

/// A rule in a model's index, with what orders it among the key's candidates.
final class RuleEntry: Sendable {
  /// A value one of the bucket's paths must have.
  struct Requirement: Sendable {
    var pathIndex: Int
    var values: [QualifierValue]
  }

  let rule: Rule
  let predicate: Qualifier?
  let isDefault: Bool
  let order: Int
  let complexity: Int
  /// Alternatives (one must hold) of values required by the predicate; nil if none.
  let requirements: [[Requirement]]?

  init(rule: Rule, isDefault: Bool, order: Int, requirements: [[Requirement]]?) {
    self.rule = rule
    predicate = rule.predicate
    self.isDefault = isDefault
    self.order = order
    complexity = rule.complexity
    self.requirements = requirements
  }

  static func precedes(_ a: RuleEntry, _ b: RuleEntry) -> Bool {
    if a.isDefault != b.isDefault { return !a.isDefault }
    if a.rule.priority != b.rule.priority { return a.rule.priority > b.rule.priority }
    if a.complexity != b.complexity { return a.complexity > b.complexity }
    return a.order > b.order
  }

  /// Why this entry, which matched, lost to `winner`.
  func reason(losingTo winner: RuleEntry) -> String {
    if isDefault && !winner.isDefault { return "built-in default, below user rules" }
    if rule.priority != winner.rule.priority {
      return "lower priority (\(rule.priority) < \(winner.rule.priority))"
    }
    if complexity != winner.complexity { return "less specific (complexity \(complexity) < \(winner.complexity))" }
    return "earlier in load order"
  }
}
