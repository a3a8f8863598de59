extension Qualifier {
  /// Whether `object` satisfies the qualifier, reading key paths through it.
  ///
  /// Numbers compare numerically across integers and decimals, strings lexically;
  /// `null` (or an unknown key) equals only `null` and is never less or greater than
  /// anything. An object at the end of a path is only unequal to `null`. A comparison with
  /// a variable still unbound (`$name`, see `binding(_:requiresAll:)`) never matches. A key
  /// path through a to-many (`KeyValue.many`) matches when some related row does.
  public func evaluate(with object: some KeyValueReadable) -> Bool {
    switch self {
    case .constant(let value):
      return value
    case .comparison(let key, let op, let value):
      if value.holdsBinding { return false }
      return Self.compare(object.value(atPath: key), op, .value(value))
    case .keyComparison(let left, let op, let right):
      return Self.compare(object.value(atPath: left), op, object.value(atPath: right))
    case .and(let parts):
      for part in parts where !part.evaluate(with: object) { return false }
      return true
    case .or(let parts):
      for part in parts where part.evaluate(with: object) { return true }
      return false
    case .not(let inner):
      return !inner.evaluate(with: object)
    case .among:
      return false
    }
  }

  private static func compare(_ left: KeyValue?, _ op: ComparisonOperator, _ right: KeyValue?) -> Bool {
    switch (left ?? .value(.null), right ?? .value(.null)) {
    case (.many(let items), let r):
      return items.contains { compare($0, op, r) }
    case (let l, .many(let items)):
      return items.contains { compare(l, op, $0) }
    case (.value(let l), .value(let r)):
      return l.satisfies(op, r)
    case (.object, .value(.null)), (.value(.null), .object):
      return op == .notEqual
    default:
      return false
    }
  }
}

extension QualifierValue {
  /// Whether `self op other` holds, with the semantics of `Qualifier.evaluate(with:)`.
  public func satisfies(_ op: ComparisonOperator, _ other: QualifierValue) -> Bool {
    switch op {
    case .equal: return isEqual(to: other)
    case .notEqual: return !isEqual(to: other)
    case .less: return order(comparedTo: other).map { $0 < 0 } ?? false
    case .lessOrEqual: return order(comparedTo: other).map { $0 <= 0 } ?? false
    case .greater: return order(comparedTo: other).map { $0 > 0 } ?? false
    case .greaterOrEqual: return order(comparedTo: other).map { $0 >= 0 } ?? false
    case .like, .caseInsensitiveLike:
      guard case .string(let text) = self, case .string(let pattern) = other else { return false }
      return op == .like
        ? WildcardPattern(pattern).matches(text)
        : WildcardPattern(pattern.lowercased()).matches(text.lowercased())
    case .in:
      guard case .list(let values) = other else { return isEqual(to: other) }
      return values.contains { isEqual(to: $0) }
    }
  }

  /// Equality with numbers compared by value: `1 = 1.0`.
  public func isEqual(to other: QualifierValue) -> Bool {
    switch (self, other) {
    case (.string(let l), .string(let r)): return l == r
    case (.integer(let l), .integer(let r)): return l == r
    case (.list(let l), .list(let r)):
      return l.count == r.count && zip(l, r).allSatisfy { $0.isEqual(to: $1) }
    default:
      if let order = order(comparedTo: other) { return order == 0 }
      return self == other
    }
  }

  /// -1, 0 or 1 for comparable values (two numbers, two strings, two booleans), else nil.
  public func order(comparedTo other: QualifierValue) -> Int? {
    switch (self, other) {
    case (.integer(let l), .integer(let r)): return l < r ? -1 : l == r ? 0 : 1
    case (.string(let l), .string(let r)): return l < r ? -1 : l == r ? 0 : 1
    case (.bool(let l), .bool(let r)): return l == r ? 0 : (l ? 1 : -1)
    default:
      guard let l = numberText, let r = other.numberText else { return nil }
      return DecimalText.compare(l, r)
    }
  }

  private var numberText: String? {
    switch self {
    case .integer(let value): return String(value)
    case .decimal(let text): return text
    default: return nil
    }
  }
}
