/// Flattened to-manys across join tables: `film_actor (actor_id, film_id, last_update)`
/// gives `Film.actors` and `Actor.films`; the join entity stays as it is.
///
/// A join table holds two foreign keys (declared or inferred, sharing no column) whose
/// columns together are its primary key (Sakila) or a unique key beside a surrogate key of
/// its own (Django's `id` with `UNIQUE (user_id, group_id)`), or, with no key at all,
/// are all it has (Rails' `has_and_belongs_to_many`); other columns may be dates or
/// timestamps (`last_update`, `created_at`). With other columns (a role, a quantity) the
/// pair must be a key; the flattened path is then there to read and filter through, and
/// memberships are not edited through it (`isMembershipEditable` is false).
///
/// The near side is named as Django names the field when the join table is Django's (an
/// `id` of its own and the pair) and named after the near table and the field (`auth_user_groups` → `AuthUser.groups`,
/// `auth_user_user_permissions` → `AuthUser.userPermissions`), else after the far to-one
/// (`Film.actors`, `AuthGroup.users`).
enum ManyToMany {
  static func addFlattened(
    tables: [TableInfo], entities: inout [Entity], inverseNames: [RelationshipBuilder.ToOneID: String]
  ) {
    let positions = Dictionary(
      entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    var sides: [Side] = []
    for (joinIndex, join) in entities.enumerated() where tables[joinIndex].kind == .table {
      let owning = join.relationships.filter { !$0.isInverse }
      guard owning.count == 2, let shape = shape(join, table: tables[joinIndex], keys: owning) else { continue }
      for (near, far) in [(owning[0], owning[1]), (owning[1], owning[0])] {
        guard let nearIndex = positions[near.destination],
          let nearInverse = inverseNames[RelationshipBuilder.ToOneID(entity: joinIndex, name: near.name)],
          let farInverse = inverseNames[RelationshipBuilder.ToOneID(entity: joinIndex, name: far.name)],
          let toJoin = entities[nearIndex][relationship: nearInverse], toJoin.isToMany
        else { continue }
        let farName = RelationshipNames.identifier(far.destination) ?? far.name
        // Only Django's own join tables (an `id` of their own, nothing else) are named after
        // a field: `film_award (film_id, actor_id, award)` is not Film's field `award`.
        let isDjangoShaped =
          shape == .pure && join.primaryKey.count == 1 && !Set(join.primaryKey).isSubset(of: pairColumns(owning))
        let fieldName =
          (isDjangoShaped ? djangoFieldName(join: tables[joinIndex].name, near: tables[nearIndex].name) : nil)
          .flatMap { $0 == far.name || $0 == farName ? nil : $0 }
        var flattened = Relationship(
          name: "", destination: far.destination, joins: toJoin.joins, isToMany: true,
          isInverse: true, isInferred: near.isInferred || far.isInferred,
          flattenedThrough: join.name, destinationPath: [farInverse])
        flattened.throughPath = [nearInverse, far.name]
        flattened.isMembershipEditable = shape == .pure
        let candidates =
          (fieldName.map { [$0] } ?? []) + [
            Inflector.pluralize(far.name), Inflector.pluralize(farName),
            Inflector.pluralize(farName) + "Via" + join.name,
          ]
        sides.append(
          Side(entity: nearIndex, relationship: flattened, candidates: candidates, isNamedByField: fieldName != nil))
      }
    }
    // The names a join table's own name gives (Django's fields) first, so another join
    // table between the same entities does not take them.
    for side in sides.filter(\.isNamedByField) + sides.filter({ !$0.isNamedByField }) {
      var relationship = side.relationship
      relationship.name = RelationshipNames.unique(side.candidates, in: entities[side.entity])
      entities[side.entity].relationships.append(relationship)
    }
  }

  /// One side of a join table, waiting for its name.
  private struct Side {
    var entity: Int
    var relationship: Relationship
    var candidates: [String]
    var isNamedByField: Bool
  }

  enum Shape {
    /// Nothing but the pair, keys and timestamps.
    case pure
    /// Columns of its own besides (a role, a quantity).
    case payload
  }

  /// Whether the entity is a join table of the two foreign keys, and of which kind.
  static func shape(_ entity: Entity, table: TableInfo, keys: [Relationship]) -> Shape? {
    let first = Set(keys[0].joins.map(\.source))
    let second = Set(keys[1].joins.map(\.source))
    guard !first.isEmpty, !second.isEmpty, first.isDisjoint(with: second) else { return nil }
    let pair = first.union(second)
    let primaryKey = Set(entity.primaryKey)
    let attributeOfColumn = Dictionary(
      entity.attributes.map { ($0.column, $0.name) }, uniquingKeysWith: { first, _ in first })
    let uniqueKeys = table.uniqueKeys.map { Set($0.compactMap { attributeOfColumn[$0] }) }
    let pairIsKey = primaryKey == pair || uniqueKeys.contains(pair)
    let surrogate = primaryKey.count == 1 && primaryKey.isDisjoint(with: pair)
    guard primaryKey == pair || surrogate || primaryKey.isEmpty else { return nil }
    let payload = entity.attributes.contains { attribute in
      if pair.contains(attribute.name) || (surrogate && primaryKey.contains(attribute.name)) { return false }
      switch attribute.valueType {
      case .date, .timestamp: return false
      default: return true
      }
    }
    if payload { return pairIsKey ? .payload : nil }
    return pairIsKey || primaryKey.isEmpty ? .pure : nil
  }

  private static func pairColumns(_ keys: [Relationship]) -> Set<String> {
    Set(keys.flatMap { $0.joins.map(\.source) })
  }

  /// `groups` for the join table `auth_user_groups` seen from `auth_user`: what is left of
  /// the join table's name after the near table's and an underscore, as an identifier.
  static func djangoFieldName(join: String, near: String) -> String? {
    let prefix = near + "_"
    guard join.count > prefix.count, join.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
    return RelationshipNames.identifier(String(join.dropFirst(prefix.count)))
  }
}
