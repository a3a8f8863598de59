/// Flattened to-manys across join tables: `film_actor (actor_id, film_id, last_update)`
/// gives `Film.actors` and `Actor.films`; the join entity stays as it is.
///
/// A join table is a table whose primary key is made of exactly two foreign keys (declared
/// or inferred, sharing no column) and whose other columns are all dates or timestamps
/// (`last_update`, `created_at`). Anything else (a role, a quantity) makes the join table
/// an entity of its own that people want to see, and no flattening happens.
enum ManyToMany {
  static func addFlattened(
    tables: [TableInfo], entities: inout [Entity], inverseNames: [RelationshipBuilder.ToOneID: String]
  ) {
    let positions = Dictionary(
      entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    for (joinIndex, join) in entities.enumerated() where tables[joinIndex].kind == .table {
      let owning = join.relationships.filter { !$0.isInverse }
      guard owning.count == 2, isJoinTable(join, keys: owning) else { continue }
      for (near, far) in [(owning[0], owning[1]), (owning[1], owning[0])] {
        guard let nearIndex = positions[near.destination],
          let nearInverse = inverseNames[RelationshipBuilder.ToOneID(entity: joinIndex, name: near.name)],
          let farInverse = inverseNames[RelationshipBuilder.ToOneID(entity: joinIndex, name: far.name)],
          let toJoin = entities[nearIndex][relationship: nearInverse], toJoin.isToMany
        else { continue }
        let farName = RelationshipNames.identifier(far.destination) ?? far.name
        let name = RelationshipNames.unique(
          [
            Inflector.pluralize(far.name), Inflector.pluralize(farName),
            Inflector.pluralize(farName) + "Via" + join.name,
          ],
          in: entities[nearIndex])
        entities[nearIndex].relationships.append(
          Relationship(
            name: name, destination: far.destination, joins: toJoin.joins, isToMany: true,
            isInverse: true, isInferred: near.isInferred || far.isInferred,
            flattenedThrough: join.name, destinationPath: [farInverse]))
      }
    }
  }

  private static func isJoinTable(_ entity: Entity, keys: [Relationship]) -> Bool {
    let first = Set(keys[0].joins.map(\.source))
    let second = Set(keys[1].joins.map(\.source))
    guard first.isDisjoint(with: second), first.union(second) == Set(entity.primaryKey) else {
      return false
    }
    return entity.attributes.allSatisfy { attribute in
      if entity.primaryKey.contains(attribute.name) { return true }
      switch attribute.valueType {
      case .date, .timestamp: return true
      default: return false
      }
    }
  }
}
