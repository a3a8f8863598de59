/// A rule file's name (as shown in messages) and text.
public struct RuleFile: Hashable, Sendable {
  public var name: String
  public var text: String

  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}

/// The entity and property names of a database's model, for checking rule files
/// against it. The rule engine knows no database: whoever has one fills this in.
public struct ModelNames: Hashable, Sendable {
  /// Attribute and relationship names, by entity name.
  public var properties: [String: Set<String>]

  public init(properties: [String: Set<String>]) {
    self.properties = properties
  }

  public var entityNames: Set<String> { Set(properties.keys) }
}
