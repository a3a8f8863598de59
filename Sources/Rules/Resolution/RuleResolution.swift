/// How a context got a key's value.
public struct RuleResolution {
  /// Where the value came from.
  public enum Source {
    /// Set explicitly in the context.
    case explicit
    /// Given by this rule.
    case rule(Rule)
    /// No rule matched: the key's default.
    case keyDefault
  }

  public var key: String
  public var value: ContextValue
  public var source: Source
  /// Set when resolving ran into a cycle of key paths; the value is then unreliable.
  public var cycle: RuleCycle?

  /// The rule that gave the value, if one did.
  public var rule: Rule? {
    if case .rule(let rule) = source { return rule }
    return nil
  }
}

/// Keys whose values depend on each other in a circle: `title <= navigationBarTitle`
/// and `navigationBarTitle <= title`. Reported, never followed forever.
public struct RuleCycle: Error, CustomStringConvertible {
  /// The keys in order, the first repeated at the end: `title → navigationBarTitle → title`.
  public var keys: [String]
  /// The rule being evaluated for each key of the cycle.
  public var rules: [Rule]

  public var description: String {
    var lines = ["cycle: " + keys.joined(separator: " → ")]
    for rule in rules { lines.append("  \(rule.location): \(rule)") }
    return lines.joined(separator: "\n")
  }
}
