import Qualifiers

/// The values of the keys in one place of the app: what is explicitly set (task, entity,
/// object, propertyKey, …) and, for every other key, what the rules give.
///
///     var context = RuleContext(model: model)
///     context[\.task] = "edit"
///     context.setObject(film, forKey: "entity")
///     context[\.component]          // "EditString", from the rules
///
/// Resolutions are memoized; setting a value or the model starts a fresh memo. Objects
/// are read, not watched: after changing an object in place, set it again or call
/// `invalidateCache()`.
public struct RuleContext: KeyValueReadable {
  /// The rules; setting them resets the memo.
  public var model: RuleModel {
    didSet { invalidateCache() }
  }
  private var explicitValues: [String: ContextValue] = [:]
  var memo = ResolutionMemo()

  public init(model: RuleModel = RuleModel()) {
    self.model = model
  }

  // MARK: - Explicit values

  /// Sets `key` explicitly: it wins over every rule.
  public mutating func set(_ key: String, to value: RuleValue) {
    setValue(.value(value), forKey: key)
  }

  /// Sets an object (entity, record, user) for `key`.
  public mutating func setObject(_ object: any KeyValueReadable, forKey key: String) {
    setValue(.object(object), forKey: key)
  }

  public mutating func setValue(_ value: ContextValue, forKey key: String) {
    explicitValues[key] = value
    invalidateCache()
  }

  /// Lets the rules decide `key` again.
  public mutating func removeValue(forKey key: String) {
    explicitValues[key] = nil
    invalidateCache()
  }

  /// The explicitly set keys and values.
  public var explicitKeys: [String] { explicitValues.keys.sorted() }

  func explicitValue(forKey key: String) -> ContextValue? {
    explicitValues[key]
  }

  /// Forgets memoized resolutions (after an object in the context changed in place).
  public mutating func invalidateCache() {
    if isKnownUniquelyReferenced(&memo) {
      memo.entries.removeAll(keepingCapacity: true)
    } else {
      let enabled = memo.isEnabled
      memo = ResolutionMemo()
      memo.isEnabled = enabled
    }
  }

  /// Turns memoization off or on (benchmarks compare both).
  public var isMemoizing: Bool {
    get { memo.isEnabled }
    set {
      memo = ResolutionMemo()
      memo.isEnabled = newValue
    }
  }

  // MARK: - Typed access

  /// The key's value: explicit, else from the rules, else the key's default.
  public subscript<Value>(key: KeyPath<RuleKeys, RuleKey<Value>>) -> Value {
    get {
      let ruleKey = RuleKeys()[keyPath: key]
      return Value(contextValue: resolution(forKey: ruleKey.ruleKeyName).value) ?? ruleKey.ruleKeyDefault
    }
    set {
      setValue(newValue.contextValue, forKey: RuleKeys()[keyPath: key].ruleKeyName)
    }
  }

  /// The value of `key` by name (explicit, rules, or the key's default).
  public func value(ofKey key: String) -> ContextValue {
    resolution(forKey: key).value
  }

  /// The object for `key`, if the context holds one.
  public func object(forKey key: String) -> (any KeyValueReadable)? {
    resolution(forKey: key).value.object
  }

  // MARK: - KeyValueReadable

  /// Qualifiers read keys through the rules; unknown keys that are not set give nil.
  public func value(forKey key: String) -> KeyValue? {
    if let explicit = explicitValues[key] { return explicit.keyValue }
    if !memo.isEnabled || memo.entries[key] == nil, model.bucket(for: key) == nil, model.registry[key] == nil {
      return nil
    }
    return resolutionByRules(forKey: key).value.keyValue
  }
}
