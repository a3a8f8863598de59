import Access

/// The model as JSON for scripts (`d2t model --json`): field names are part of d2t's
/// interface; add fields, never rename them.
struct ModelJSON: Encodable {
  struct EntityJSON: Encodable {
    var name: String
    var schema: String?
    var table: String
    var isReadOnly: Bool
    var primaryKey: [String]
    var estimatedRowCount: Int64?
    var attributes: [AttributeJSON]
    var relationships: [RelationshipJSON]
    var comment: String?
  }

  struct AttributeJSON: Encodable {
    var name: String
    var column: String
    var type: String
    var declaredType: String
    var isNullable: Bool
    var isPrimaryKey: Bool
    var isGenerated: Bool
    var defaultExpression: String?
    var domain: String?
    var enumValues: [String]?
    var comment: String?
  }

  struct RelationshipJSON: Encodable {
    var name: String
    var destination: String
    var isToMany: Bool
    var isMandatory: Bool
    var joins: [[String]]
    var constraint: String?
    var isInverse: Bool
    var isInferred: Bool
    /// A flattened many-to-many: the join entity and the destination's to-many to it.
    var through: String?
    var destinationPath: [String]?
  }

  var entities: [EntityJSON]

  init(_ model: Model) {
    entities = model.entities.map { entity in
      EntityJSON(
        name: entity.name, schema: entity.schema, table: entity.table,
        isReadOnly: entity.isReadOnly, primaryKey: entity.primaryKey,
        estimatedRowCount: entity.estimatedRowCount,
        attributes: entity.attributes.map { attribute in
          AttributeJSON(
            name: attribute.name, column: attribute.column, type: attribute.valueType.name,
            declaredType: attribute.declaredType, isNullable: attribute.isNullable,
            isPrimaryKey: attribute.isPrimaryKey, isGenerated: attribute.isGenerated,
            defaultExpression: attribute.defaultExpression, domain: attribute.domainName,
            enumValues: attribute.enumValues.isEmpty ? nil : attribute.enumValues,
            comment: attribute.comment)
        },
        relationships: entity.relationships.map { relationship in
          RelationshipJSON(
            name: relationship.name, destination: relationship.destination,
            isToMany: relationship.isToMany, isMandatory: relationship.isMandatory,
            joins: relationship.joins.map { [$0.source, $0.destination] },
            constraint: relationship.constraintName, isInverse: relationship.isInverse,
            isInferred: relationship.isInferred, through: relationship.flattenedThrough,
            destinationPath: relationship.destinationPath.isEmpty ? nil : relationship.destinationPath)
        },
        comment: entity.comment)
    }
  }
}
