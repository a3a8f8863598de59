import Qualifiers

/// A Swift type that rule keys can hold: it names its rule type, converts to a rule
/// value and back from what a context gives.
public protocol RuleValueConvertible {
  static var ruleValueType: RuleValueType { get }
  var ruleValue: RuleValue { get }
  /// What a context holds when Swift code sets the key: `.value(ruleValue)` except
  /// for objects.
  var contextValue: ContextValue { get }
  init?(contextValue: ContextValue)

  /// The rule type of `[Self]`; `.list(ruleValueType)` unless the type reads lists
  /// its own way (sort orderings are one text).
  static var listValueType: RuleValueType { get }
  static func list(from value: ContextValue) -> [Self]?
  static func listRuleValue(_ items: [Self]) -> RuleValue
}

extension RuleValueConvertible {
  public var contextValue: ContextValue { .value(ruleValue) }

  public static var listValueType: RuleValueType { .list(ruleValueType) }

  public static func list(from value: ContextValue) -> [Self]? {
    guard case .value(.list(let items)) = value else { return nil }
    var result: [Self] = []
    for item in items {
      guard let element = Self(contextValue: .value(item)) else { return nil }
      result.append(element)
    }
    return result
  }

  public static func listRuleValue(_ items: [Self]) -> RuleValue {
    .list(items.map(\.ruleValue))
  }
}

extension String: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .string }
  public var ruleValue: RuleValue { .string(self) }
  public init?(contextValue: ContextValue) {
    switch contextValue {
    case .value(.string(let text)), .value(.name(let text)): self = text
    default: return nil
    }
  }
}

extension Bool: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .bool }
  public var ruleValue: RuleValue { .bool(self) }
  public init?(contextValue: ContextValue) {
    guard case .value(.bool(let value)) = contextValue else { return nil }
    self = value
  }
}

extension Int: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .integer }
  public var ruleValue: RuleValue { .integer(Int64(self)) }
  public init?(contextValue: ContextValue) {
    guard case .value(.integer(let value)) = contextValue, let int = Int(exactly: value) else { return nil }
    self = int
  }
}

extension Array: RuleValueConvertible where Element: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { Element.listValueType }
  public var ruleValue: RuleValue { Element.listRuleValue(self) }
  public init?(contextValue: ContextValue) {
    guard let items = Element.list(from: contextValue) else { return nil }
    self = items
  }
}

extension Optional: RuleValueConvertible where Wrapped: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .optional(Wrapped.ruleValueType) }
  public var ruleValue: RuleValue { self?.ruleValue ?? .null }
  public var contextValue: ContextValue { self?.contextValue ?? .value(.null) }
  public init?(contextValue: ContextValue) {
    if case .value(.null) = contextValue {
      self = .none
      return
    }
    guard let value = Wrapped(contextValue: contextValue) else { return nil }
    self = .some(value)
  }
}

extension Dictionary: RuleValueConvertible where Key == String, Value == RuleValue {
  public static var ruleValueType: RuleValueType { .dictionary }
  public var ruleValue: RuleValue { .dictionary(self) }
  public init?(contextValue: ContextValue) {
    guard case .value(.dictionary(let entries)) = contextValue else { return nil }
    self = entries
  }
}

extension RegisteredName: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .name(Kind.kind) }
  public var ruleValue: RuleValue { .name(name) }
  public init?(contextValue: ContextValue) {
    guard let name = String(contextValue: contextValue) else { return nil }
    self.init(name)
  }
}

extension RuleValue: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .any }
  public var ruleValue: RuleValue { self }
  public init?(contextValue: ContextValue) {
    guard case .value(let value) = contextValue else { return nil }
    self = value
  }
}

extension QualifierValue: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .any }
  public var ruleValue: RuleValue { RuleValue(self) }
  public init?(contextValue: ContextValue) {
    guard case .value(let value) = contextValue.keyValue else { return nil }
    self = value
  }
}

extension SortOrdering: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .sortOrderings }
  public static var listValueType: RuleValueType { .sortOrderings }
  public var ruleValue: RuleValue { .string(description) }
  public init?(contextValue: ContextValue) {
    guard let list = Self.list(from: contextValue), list.count == 1 else { return nil }
    self = list[0]
  }

  public static func list(from value: ContextValue) -> [SortOrdering]? {
    guard let text = String(contextValue: value) else { return nil }
    return try? SortOrdering.parse(text)
  }

  public static func listRuleValue(_ items: [SortOrdering]) -> RuleValue {
    .string(items.map(\.description).joined(separator: ", "))
  }
}

extension Qualifier: RuleValueConvertible {
  public static var ruleValueType: RuleValueType { .qualifier }
  public var ruleValue: RuleValue { .string(description) }
  public init?(contextValue: ContextValue) {
    guard let text = String(contextValue: contextValue), let qualifier = try? Qualifier(parsing: text) else {
      return nil
    }
    self = qualifier
  }
}

/// An object the app put in the context (entity, record, user), for typed access.
public struct ContextObject: RuleValueConvertible {
  public var base: any KeyValueReadable

  public init(_ base: any KeyValueReadable) {
    self.base = base
  }

  public static var ruleValueType: RuleValueType { .object }
  /// Objects are not rule values; a rule can only copy them with a key path.
  public var ruleValue: RuleValue { .null }
  public var contextValue: ContextValue { .object(base) }
  public init?(contextValue: ContextValue) {
    guard case .object(let object) = contextValue else { return nil }
    base = object
  }
}
