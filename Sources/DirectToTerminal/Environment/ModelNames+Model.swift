import Access
import Rules

extension ModelNames {
  /// The names `d2t rules check --database` and the app's start check rules against: each
  /// entity's properties, and its to-manys (which a rule's `object.…` cannot look through).
  public init(_ model: Model) {
    var properties: [String: Set<String>] = [:]
    var toManys: [String: Set<String>] = [:]
    for entity in model.entities {
      properties[entity.name] = Set(entity.attributes.map(\.name) + entity.relationships.map(\.name))
      toManys[entity.name] = Set(entity.relationships.filter(\.isToMany).map(\.name))
    }
    self.init(properties: properties, toManys: toManys)
  }
}
