import Access
import Qualifiers
import Rules

/// The objects the app puts in rule contexts (`model`, `entity`, `attribute`,
/// `relationship`, `object`), for tools that resolve rules outside the app:
/// `d2t rules explain` with a database reads exactly what the running app reads.
///
///     context.setObject(RuleObjects.entity(film, in: model), forKey: "entity")
///     context.setObject(RuleObjects.record(row, entity: film), forKey: "object")
public enum RuleObjects {
  /// The model: `model.defaultVisibleEntityNames`, `model.userEntity`.
  public static func model(_ model: Model) -> any KeyValueReadable {
    ModelObject(model: model)
  }

  /// An entity of `model`: `entity.name`, `entity.isReadOnly`, `entity.defaultDisplayPropertyKeys`.
  public static func entity(_ entity: Entity, in model: Model) -> any KeyValueReadable {
    EntityObject(entity: entity, model: model)
  }

  /// An attribute: `attribute.valueType`, `attribute.isPassword`, `attribute.isNullable`.
  public static func attribute(_ attribute: Attribute) -> any KeyValueReadable {
    AttributeObject(attribute: attribute)
  }

  /// A relationship: `relationship.isToMany`, `relationship.destination`.
  public static func relationship(_ relationship: Relationship) -> any KeyValueReadable {
    RelationshipObject(relationship: relationship)
  }

  /// A fetched row of `entity`, labelled by key path: `object.title`, `object.defaultTitle`;
  /// with the model, paths through a to-many (`object.actors.lastName`) read each related
  /// row's value.
  public static func record(_ row: Row, entity: Entity, in model: Model? = nil) -> any KeyValueReadable {
    RecordObject(entity: entity, row: row, model: model)
  }

  /// The key paths through relationships the rules read from `object` for `entity`, which the
  /// app fetches with each row: fetch them too to read what the app reads.
  public static func keyPaths(for entity: Entity, rules: RuleModel, in model: Model) -> [PropertyPath] {
    RuleObjectPaths(rules: rules, model: model)[entity.name]
  }
}
