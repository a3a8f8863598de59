import Qualifiers

/// The left side of a Swift rule: `\.task == "edit" && \.entity.name == "Film"`.
///
/// A wrapper around the `Qualifier` a text rule would have, so a rule written in Swift
/// and the same rule written as text are the same rule.
public struct RulePredicate: Sendable {
  public var qualifier: Qualifier

  public init(_ qualifier: Qualifier) {
    self.qualifier = qualifier
  }

  public static func && (lhs: RulePredicate, rhs: RulePredicate) -> RulePredicate {
    if case .and(let parts) = lhs.qualifier { return RulePredicate(.and(parts + [rhs.qualifier])) }
    return RulePredicate(.and([lhs.qualifier, rhs.qualifier]))
  }

  public static func || (lhs: RulePredicate, rhs: RulePredicate) -> RulePredicate {
    if case .or(let parts) = lhs.qualifier { return RulePredicate(.or(parts + [rhs.qualifier])) }
    return RulePredicate(.or([lhs.qualifier, rhs.qualifier]))
  }

  public static prefix func ! (operand: RulePredicate) -> RulePredicate {
    RulePredicate(.not(operand.qualifier))
  }

  /// `*true*`: a predicate that always matches (complexity 0).
  public static let always = RulePredicate(.constant(true))
}

/// The right side of a Swift rule: `\.component <= RatingPicker()`.
public struct RuleAssignment: Sendable {
  public var key: String
  public var value: RuleValue

  public init(key: String, value: RuleValue) {
    self.key = key
    self.value = value
  }

  /// The assignment as a rule without predicate, at another priority.
  public func priority(_ priority: RulePriority) -> Rule {
    Rule(key: key, value: value, priority: priority)
  }
}
