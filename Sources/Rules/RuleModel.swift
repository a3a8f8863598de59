/// The rules of an app: user rules above the built-in defaults, indexed by key.
///
/// For one key, candidates are tried in this order and the first whose predicate matches
/// wins: user rules before defaults, then higher priority, then higher complexity, then
/// the rule loaded later. A value type: changing a context's model resets its memo.
public struct RuleModel: Sendable {
  /// User rules in load order.
  public private(set) var rules: [Rule]
  /// Built-in rules, consulted only when no user rule for the key matches.
  public private(set) var defaults: [Rule]
  /// The keys the rules were checked against; gives key defaults.
  public let registry: RuleKeyRegistry
  private var index: [String: RuleBucket] = [:]

  public init(rules: [Rule] = [], defaults: [Rule] = DefaultRules.rules, registry: RuleKeyRegistry = .standard) {
    self.rules = []
    self.defaults = defaults
    self.registry = registry
    for (order, rule) in defaults.enumerated() {
      index[rule.key, default: RuleBucket()].append(rule, isDefault: true, order: order)
    }
    for key in index.keys { index[key]?.sort() }
    add(contentsOf: rules)
  }

  /// Adds user rules after those already loaded (so they win ties).
  public mutating func add(contentsOf newRules: [Rule]) {
    var touched: Set<String> = []
    for rule in newRules {
      index[rule.key, default: RuleBucket()].append(rule, isDefault: false, order: rules.count)
      rules.append(rule)
      touched.insert(rule.key)
    }
    for key in touched { index[key]?.sort() }
  }

  public mutating func add(_ rule: Rule) {
    add(contentsOf: [rule])
  }

  /// The rules that can give `key`, strongest first.
  func candidates(for key: String) -> [RuleEntry] {
    index[key]?.entries ?? []
  }

  func bucket(for key: String) -> RuleBucket? {
    index[key]
  }

  /// The registered default of `key`, `nil` for unknown keys.
  public func defaultValue(forKey key: String) -> RuleValue {
    registry[key]?.defaultValue ?? .null
  }
}
