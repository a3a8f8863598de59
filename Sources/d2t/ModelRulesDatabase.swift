import Access
import DirectToTerminal
import Qualifiers
import Rules

/// A database's model and rows as `d2t rules` reads them, through the same rule objects
/// the running app puts in its contexts (`RuleObjects`).
struct ModelRulesDatabase: RulesDatabase {
  let database: Database

  init(_ database: Database) {
    self.database = database
  }

  var modelNames: ModelNames { ModelNames(database.model) }

  var model: any KeyValueReadable { RuleObjects.model(database.model) }

  func entity(named name: String) -> (any KeyValueReadable)? {
    database.model[entity: name].map { RuleObjects.entity($0, in: database.model) }
  }

  func property(_ propertyKey: String, ofEntity entityName: String) -> RuleProperty? {
    guard let entity = database.model[entity: entityName] else { return nil }
    if let attribute = entity[attribute: propertyKey] { return .attribute(RuleObjects.attribute(attribute)) }
    if let relationship = entity[relationship: propertyKey] {
      return .relationship(RuleObjects.relationship(relationship))
    }
    return leadsSomewhere(PropertyPath(propertyKey), from: entity) ? .keyPath : nil
  }

  /// Whether a key path of two or more keys follows relationships to a property.
  private func leadsSomewhere(_ path: PropertyPath, from entity: Entity) -> Bool {
    guard !path.isSingleKey, let relationship = entity[relationship: path.first],
      let destination = database.model[entity: relationship.destination]
    else {
      return path.isSingleKey && (entity[attribute: path.first] != nil || entity[relationship: path.first] != nil)
    }
    return leadsSomewhere(path.rest, from: destination)
  }

  func object(ofEntity entityName: String, primaryKey: [String], rules: RuleModel) throws -> (any KeyValueReadable)? {
    guard let entity = database.model[entity: entityName] else {
      throw RulesCommandError("no entity '\(entityName)' in the database")
    }
    let key = try Self.key(primaryKey, of: entity)
    let keyPaths =
      entity.attributes.map { PropertyPath(key: $0.name) }
      + RuleObjects.keyPaths(for: entity, rules: rules, in: database.model)
    return try database.fetch(
      FetchSpecification(entityName: entityName, qualifier: .matching(key), keyPaths: keyPaths, limit: 1)
    ).rows.first.map { RuleObjects.record($0, entity: entity, in: database.model) }
  }

  /// The primary key values typed as their columns, or a message saying how to write them.
  static func key(_ texts: [String], of entity: Entity) throws -> [String: DatabaseValue] {
    let columns = entity.primaryKey
    guard !columns.isEmpty else {
      throw RulesCommandError("\(entity.name) has no primary key, so object= cannot name one of its rows")
    }
    guard texts.count == columns.count else {
      throw RulesCommandError(
        "object=\(texts.joined(separator: ",")): \(entity.name)'s primary key has \(columns.count) "
          + "column\(columns.count == 1 ? "" : "s"): give one value for each, in this order: "
          + "object=\(columns.joined(separator: ","))")
    }
    var key: [String: DatabaseValue] = [:]
    for (name, text) in zip(columns, texts) {
      guard let attribute = entity[attribute: name] else { continue }
      let value = attribute.valueType.decode(text: text)
      if case .text = value, !attribute.valueType.holdsText {
        throw RulesCommandError(
          "object=\(texts.joined(separator: ",")): '\(text)' is not a valid \(attribute.valueType.name) "
            + "for \(entity.name).\(name)")
      }
      key[name] = value
    }
    return key
  }
}

extension ValueType {
  /// Whether text is a value of this type as it is (so decoding text never fails).
  fileprivate var holdsText: Bool {
    switch self {
    case .text, .enumeration, .other: return true
    default: return false
    }
  }
}
