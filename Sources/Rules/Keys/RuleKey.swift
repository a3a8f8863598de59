import Qualifiers

/// A typed rule key for Swift code: `\.task` is a `RuleKey<String>`.
///
/// Keys are declared as properties of `RuleKeys`, so the rule DSL and `RuleContext`
/// subscripts take key paths that the compiler type-checks. A member after the key
/// (`\.entity.name`) reads into the object the context holds; that is why the key's
/// own properties have unusual names.
@dynamicMemberLookup
public struct RuleKey<Value: RuleValueConvertible> {
  /// The key's name in rule files.
  public let ruleKeyName: String
  /// What the key gives when no rule matches.
  public let ruleKeyDefault: Value

  public init(_ name: String, default defaultValue: Value) {
    ruleKeyName = name
    ruleKeyDefault = defaultValue
  }

  /// A key path into the key's value: `\.entity.name`, `\.object.lastName`.
  public subscript(dynamicMember member: String) -> RulePath {
    RulePath(PropertyPath(components: [ruleKeyName, member]))
  }
}

/// A key path through the context that starts at a key and reads into objects:
/// `\.entity.name`, `\.object.address.city`. Compared with any literal.
@dynamicMemberLookup
public struct RulePath {
  public let rulePath: PropertyPath

  public init(_ path: PropertyPath) {
    rulePath = path
  }

  public subscript(dynamicMember member: String) -> RulePath {
    RulePath(PropertyPath(components: rulePath.components + [member]))
  }
}
