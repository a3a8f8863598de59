import Qualifiers

/// What a context gives for a key: a rule value, or an object the app set
/// (an entity, a record, the user).
public enum ContextValue: CustomStringConvertible {
  case value(RuleValue)
  case object(any KeyValueReadable)

  /// The rule value, or nil for an object.
  public var ruleValue: RuleValue? {
    if case .value(let value) = self { return value }
    return nil
  }

  /// The object, or nil for a plain value.
  public var object: (any KeyValueReadable)? {
    if case .object(let object) = self { return object }
    return nil
  }

  var keyValue: KeyValue {
    switch self {
    case .value(let value): return value.keyValue
    case .object(let object): return .object(object)
    }
  }

  init(_ keyValue: KeyValue?) {
    switch keyValue {
    case .value(let value)?: self = .value(RuleValue(value))
    case .object(let object)?: self = .object(object)
    case .many(let items)?:
      self = .value(.list(items.compactMap { if case .value(let value) = $0 { RuleValue(value) } else { nil } }))
    case nil: self = .value(.null)
    }
  }

  public var description: String {
    switch self {
    case .value(let value): return value.description
    case .object(let object): return "<\(type(of: object))>"
    }
  }
}
