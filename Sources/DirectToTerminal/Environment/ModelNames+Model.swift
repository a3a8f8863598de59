import Access
import Rules

extension ModelNames {
  /// The names `d2t rules check --database` and the app's start check rules against: each
  /// entity's attributes and relationships.
  public init(_ model: Model) {
    var properties: [String: Set<String>] = [:]
    for entity in model.entities {
      properties[entity.name] = Set(entity.attributes.map(\.name) + entity.relationships.map(\.name))
    }
    self.init(properties: properties)
  }
}
