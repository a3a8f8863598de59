/// A key rules can assign: its name, type, default value and a one-line description.
public struct RuleKeyDefinition: Hashable, Sendable {
  public var name: String
  public var type: RuleValueType
  /// What the key gives when no rule matches.
  public var defaultValue: RuleValue
  /// One line for `d2t rules keys` and the debug overlay.
  public var doc: String

  public init(name: String, type: RuleValueType, defaultValue: RuleValue, doc: String) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.doc = doc
  }

  /// The definition of a typed key: name, type and default come from the key.
  public init<Value>(_ key: KeyPath<RuleKeys, RuleKey<Value>>, doc: String) {
    let ruleKey = RuleKeys()[keyPath: key]
    self.init(
      name: ruleKey.ruleKeyName, type: Value.ruleValueType, defaultValue: ruleKey.ruleKeyDefault.ruleValue,
      doc: doc)
  }
}
