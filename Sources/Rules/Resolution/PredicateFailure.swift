import Qualifiers

/// Why a predicate did not match a context: the first comparison that failed and the
/// values it read. `entity.name = 'Film' failed: entity.name is 'Customer'`.
public struct PredicateFailure: CustomStringConvertible {
  /// The part of the predicate that failed: a comparison, or a `NOT`, `OR` or `*false*`
  /// that did.
  public var failed: Qualifier
  /// The key paths the failed part read, with the values the context has for them.
  public var actual: [(path: PropertyPath, value: String)]

  public var description: String {
    let values = actual.map { "\($0.path) is \($0.value)" }.joined(separator: ", ")
    return "\(failed) failed" + (values.isEmpty ? "" : ": " + values)
  }

  /// The first failing part of `predicate` in `context`, nil when it matches.
  static func first(in predicate: Qualifier, with context: RuleContext) -> PredicateFailure? {
    guard !predicate.evaluate(with: context) else { return nil }
    var part = predicate
    while case .and(let parts) = part, let failing = parts.first(where: { !$0.evaluate(with: context) }) {
      part = failing
    }
    var seen: Set<PropertyPath> = []
    let paths = part.keyPaths.filter { seen.insert($0).inserted }
    return PredicateFailure(failed: part, actual: paths.map { ($0, describe(context.value(atPath: $0))) })
  }

  /// A value as rule text: `'Customer'`, `3`, `nil`, or `an object`.
  static func describe(_ value: KeyValue?) -> String {
    switch value {
    case .value(.null)?, nil: return "nil"
    case .value(let value)?: return value.description
    case .object?: return "an object"
    case .many(let items)?: return "(" + items.map { describe($0) }.joined(separator: ", ") + ")"
    }
  }
}
