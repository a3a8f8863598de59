import Access
import Qualifiers

/// The model as rules read it: `model.defaultVisibleEntityNames`, `model.userEntity`.
struct ModelObject: KeyValueReadable {
  let model: Model

  func value(forKey key: String) -> KeyValue? {
    switch key {
    case "defaultVisibleEntityNames":
      return .value(.list(model.entities.map { .string($0.name) }))
    case "userEntity":
      return UserEntityFinder.entity(in: model).map { .object(EntityObject(entity: $0, model: model)) }
    case "entityNames":
      return .value(.list(model.entities.map { .string($0.name) }))
    default:
      return nil
    }
  }
}

/// An entity as rules read it: `entity.name`, `entity.isReadOnly`, and the default
/// property keys of each task.
struct EntityObject: KeyValueReadable {
  let entity: Entity
  let model: Model

  func value(forKey key: String) -> KeyValue? {
    switch key {
    case "name": return .value(.string(entity.name))
    case "table": return .value(.string(entity.table))
    case "schema": return .value(entity.schema.map(QualifierValue.string) ?? .null)
    case "displayName": return .value(.string(entity.displayName))
    case "isReadOnly": return .value(.bool(entity.isReadOnly))
    case "defaultDisplayPropertyKeys":
      return .value(.list(PropertyKeys.list(entity).map(QualifierValue.string)))
    case "defaultAttributeAndRelationshipPropertyKeys":
      return .value(.list(PropertyKeys.inspect(entity).map(QualifierValue.string)))
    case "defaultAttributeAndToOnePropertyKeys":
      return .value(.list(PropertyKeys.edit(entity).map(QualifierValue.string)))
    case "defaultSortOrderings":
      return .value(.list([]))
    case "primaryKey":
      return .value(.list(entity.primaryKey.map(QualifierValue.string)))
    default:
      return nil
    }
  }
}

/// An attribute as rules read it: `attribute.valueType = 'decimal'`, `attribute.isPassword`.
struct AttributeObject: KeyValueReadable {
  let attribute: Attribute

  func value(forKey key: String) -> KeyValue? {
    switch key {
    case "name": return .value(.string(attribute.name))
    case "column": return .value(.string(attribute.column))
    case "valueType": return .value(.string(attribute.valueType.category))
    case "typeName": return .value(.string(attribute.valueType.name))
    case "isNullable", "allowsNull": return .value(.bool(attribute.isNullable))
    case "isPrimaryKey": return .value(.bool(attribute.isPrimaryKey))
    case "isGenerated": return .value(.bool(attribute.isGenerated))
    case "isPassword": return .value(.bool(attribute.isPassword))
    case "enumValues": return .value(.list(attribute.enumValues.map(QualifierValue.string)))
    case "maxLength":
      if case .text(let length?, _) = attribute.valueType { return .value(.integer(Int64(length))) }
      return .value(.null)
    case "isLongText":
      guard case .text(let length, _) = attribute.valueType else { return .value(.bool(false)) }
      return .value(.bool((length ?? .max) > 255))
    default: return nil
    }
  }
}

/// A relationship as rules read it: `relationship.isToMany`, `relationship.destination`.
struct RelationshipObject: KeyValueReadable {
  let relationship: Relationship

  func value(forKey key: String) -> KeyValue? {
    switch key {
    case "name": return .value(.string(relationship.name))
    case "isToMany": return .value(.bool(relationship.isToMany))
    case "isMandatory": return .value(.bool(relationship.isMandatory))
    case "destination", "destinationEntityName": return .value(.string(relationship.destination))
    default: return nil
    }
  }
}

extension ValueType {
  /// The word rules compare with: `integer`, `decimal`, `text`, `enumeration`, …
  var category: String {
    switch self {
    case .integer: return "integer"
    case .decimal: return "decimal"
    case .double: return "double"
    case .text: return "text"
    case .boolean: return "boolean"
    case .date: return "date"
    case .time: return "time"
    case .timestamp: return "timestamp"
    case .binary: return "binary"
    case .uuid: return "uuid"
    case .json: return "json"
    case .enumeration: return "enumeration"
    case .array: return "array"
    case .other: return "other"
    }
  }
}
