/// Adds the relationships of resolved foreign keys to entities: a to-one on the side that
/// holds the key, its inverse on the other (to-many, or to-one when the key is unique),
/// then flattened to-manys across join entities.
enum RelationshipBuilder {
  /// A to-one by the position of its entity and its name.
  struct ToOneID: Hashable {
    var entity: Int
    var name: String
  }

  private struct PendingInverse {
    var source: Int
    var sourceName: String
    var toOneName: String
    var joins: [Relationship.Join]
    var constraintName: String?
    var onDelete: ReferentialAction
    var isUnique: Bool
    var isInferred: Bool
  }

  static func addRelationships(_ keys: [ResolvedKey], tables: [TableInfo], to entities: inout [Entity]) {
    var inverses: [[PendingInverse]] = Array(repeating: [], count: entities.count)
    for key in keys {
      let source = entities[key.source]
      let destination = entities[key.destination]
      let joins = zip(key.info.columns, key.info.destinationColumns).compactMap { from, to in
        source.attribute(forColumn: from).flatMap { sourceAttribute in
          destination.attribute(forColumn: to).map {
            Relationship.Join(source: sourceAttribute.name, destination: $0.name)
          }
        }
      }
      guard joins.count == key.info.columns.count else { continue }
      let name = RelationshipNames.unique(
        RelationshipNames.toOneCandidates(key.info, destination: destination.name), in: source)
      let mandatory = joins.allSatisfy { source[attribute: $0.source]?.isNullable == false }
      entities[key.source].relationships.append(
        Relationship(
          name: name, destination: destination.name, joins: joins, isToMany: false,
          isMandatory: mandatory, constraintName: key.info.name, onDelete: key.info.onDelete,
          isInverse: false, isInferred: key.isInferred))
      inverses[key.destination].append(
        PendingInverse(
          source: key.source, sourceName: source.name, toOneName: name, joins: joins,
          constraintName: key.info.name, onDelete: key.info.onDelete,
          isUnique: isUnique(key.info.columns, in: tables[key.source]), isInferred: key.isInferred))
    }
    for index in entities.indices { sortToOnes(&entities[index]) }
    var inverseNames: [ToOneID: String] = [:]
    for (index, pending) in inverses.enumerated() {
      addInverses(pending, to: &entities[index], names: &inverseNames)
    }
    ManyToMany.addFlattened(tables: tables, entities: &entities, inverseNames: inverseNames)
  }

  /// Whether the columns are the primary key or exactly a unique key of the table.
  static func isUnique(_ columns: [String], in table: TableInfo) -> Bool {
    let set = Set(columns)
    return Set(table.primaryKey) == set || table.uniqueKeys.contains { Set($0) == set }
  }

  /// To-one relationships in the order of their first column.
  private static func sortToOnes(_ entity: inout Entity) {
    let position = Dictionary(
      entity.attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    entity.relationships.sort { a, b in
      (position[a.joins.first?.source ?? ""] ?? 0) < (position[b.joins.first?.source ?? ""] ?? 0)
    }
  }

  /// `Language` gets `films` (from `language_id`, named like the entity) and
  /// `filmsByOriginalLanguage`; `Account` gets `transfersByFromAccount` and
  /// `transfersByToAccount` (no key is the natural one); a unique key's inverse is a to-one.
  private static func addInverses(
    _ pending: [PendingInverse], to entity: inout Entity, names: inout [ToOneID: String]
  ) {
    let own = RelationshipNames.identifier(entity.name) ?? ""
    var created: [String] = []
    for inverse in pending {
      let siblings = pending.filter { $0.source == inverse.source && $0.isUnique == inverse.isUnique }
      let isNatural = inverse.toOneName == own
      let plainAllowed = siblings.count == 1 || isNatural
      let singular = RelationshipNames.identifier(inverse.sourceName) ?? "relationship"
      let plain = inverse.isUnique ? singular : Inflector.pluralize(singular)
      var candidates = [plain + "By" + RelationshipNames.capitalize(inverse.toOneName)]
      if plainAllowed { candidates.insert(plain, at: 0) }
      let name = RelationshipNames.unique(candidates, in: entity, also: created)
      created.append(name)
      names[ToOneID(entity: inverse.source, name: inverse.toOneName)] = name
      entity.relationships.append(
        Relationship(
          name: name, destination: inverse.sourceName,
          joins: inverse.joins.map { Relationship.Join(source: $0.destination, destination: $0.source) },
          isToMany: !inverse.isUnique, constraintName: inverse.constraintName,
          onDelete: inverse.onDelete, isInverse: true, isInferred: inverse.isInferred))
    }
  }
}
