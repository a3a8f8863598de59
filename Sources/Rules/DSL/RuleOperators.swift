import Qualifiers

precedencegroup RuleArrowPrecedence {
  lowerThan: LogicalDisjunctionPrecedence
  higherThan: AssignmentPrecedence
}

/// `predicate => assignment`.
infix operator => : RuleArrowPrecedence

/// Builds a rule: `\.task == "edit" => \.component <= EditString()`.
public func => (predicate: RulePredicate, assignment: RuleAssignment) -> Rule {
  Rule(predicate: predicate.qualifier, key: assignment.key, value: assignment.value)
}

private func name<V>(_ key: KeyPath<RuleKeys, RuleKey<V>>) -> String {
  RuleKeys()[keyPath: key].ruleKeyName
}

private func path(_ key: KeyPath<RuleKeys, RulePath>) -> PropertyPath {
  RuleKeys()[keyPath: key].rulePath
}

private func qualifierValue(_ value: RuleValue) -> QualifierValue {
  if case .value(let v) = value.keyValue { return v }
  return .null
}

private func compare<V: RuleValueConvertible>(
  _ key: KeyPath<RuleKeys, RuleKey<V>>, _ op: ComparisonOperator, _ value: V
) -> RulePredicate {
  RulePredicate(.comparison(PropertyPath(name(key)), op, qualifierValue(value.ruleValue)))
}

// MARK: - Keys compared with values of their type

public func == <V: RuleValueConvertible>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RulePredicate {
  compare(lhs, .equal, rhs)
}

public func != <V: RuleValueConvertible>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RulePredicate {
  compare(lhs, .notEqual, rhs)
}

public func < <V: RuleValueConvertible & Comparable>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RulePredicate {
  compare(lhs, .less, rhs)
}

public func > <V: RuleValueConvertible & Comparable>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RulePredicate {
  compare(lhs, .greater, rhs)
}

public func >= <V: RuleValueConvertible & Comparable>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RulePredicate {
  compare(lhs, .greaterOrEqual, rhs)
}

/// `\.entity == nil`.
public func == <V>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: _OptionalNilComparisonType) -> RulePredicate {
  RulePredicate(.comparison(PropertyPath(name(lhs)), .equal, .null))
}

/// `\.object != nil`.
public func != <V>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: _OptionalNilComparisonType) -> RulePredicate {
  RulePredicate(.comparison(PropertyPath(name(lhs)), .notEqual, .null))
}

/// `\.title == \.navigationBarTitle`.
public func == <V>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: KeyPath<RuleKeys, RuleKey<V>>) -> RulePredicate {
  RulePredicate(.keyComparison(PropertyPath(name(lhs)), .equal, PropertyPath(name(rhs))))
}

// MARK: - Paths into objects compared with any literal

/// `\.entity.name == "Customer"`.
public func == (lhs: KeyPath<RuleKeys, RulePath>, rhs: QualifierValue) -> RulePredicate {
  RulePredicate(.comparison(path(lhs), .equal, rhs))
}

public func != (lhs: KeyPath<RuleKeys, RulePath>, rhs: QualifierValue) -> RulePredicate {
  RulePredicate(.comparison(path(lhs), .notEqual, rhs))
}

public func < (lhs: KeyPath<RuleKeys, RulePath>, rhs: QualifierValue) -> RulePredicate {
  RulePredicate(.comparison(path(lhs), .less, rhs))
}

public func > (lhs: KeyPath<RuleKeys, RulePath>, rhs: QualifierValue) -> RulePredicate {
  RulePredicate(.comparison(path(lhs), .greater, rhs))
}

// MARK: - Assignments

/// `\.title <= "Films"`, `\.debug <= true`, `\.displayPropertyKeys <= ["title"]`.
public func <= <V: RuleValueConvertible>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: V) -> RuleAssignment {
  RuleAssignment(key: name(lhs), value: rhs.ruleValue)
}

/// `\.component <= RatingPicker()`: a registered component, page or formatter.
public func <= <N: RuleNamed>(lhs: KeyPath<RuleKeys, RuleKey<RegisteredName<N.Kind>>>, rhs: N) -> RuleAssignment {
  RuleAssignment(key: name(lhs), value: .name(rhs.ruleName))
}

/// `\.formatter <= CurrencyFormatter()` for keys that may be nil.
public func <= <N: RuleNamed>(lhs: KeyPath<RuleKeys, RuleKey<RegisteredName<N.Kind>?>>, rhs: N) -> RuleAssignment {
  RuleAssignment(key: name(lhs), value: .name(rhs.ruleName))
}

/// `\.navigationBarTitle <= \.title`: the other key's value in the same context.
public func <= <V>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: KeyPath<RuleKeys, RuleKey<V>>) -> RuleAssignment {
  RuleAssignment(key: name(lhs), value: .keyPath(PropertyPath(name(rhs))))
}

/// `\.title <= \.object.lastName`: a value read through an object of the context.
public func <= <V>(lhs: KeyPath<RuleKeys, RuleKey<V>>, rhs: KeyPath<RuleKeys, RulePath>) -> RuleAssignment {
  RuleAssignment(key: name(lhs), value: .keyPath(path(rhs)))
}
