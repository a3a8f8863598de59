import Qualifiers

/// Resolves key paths from a base entity into column references, adding one LEFT JOIN
/// per to-one relationship crossed (`address.city.country` → t0 ⟶ t1 ⟶ t2 ⟶ t3).
struct JoinGraph {
  /// A key path resolved to a column.
  struct Column {
    var sql: String
    var attribute: Attribute
  }

  private struct Join {
    var alias: String
    var clause: String
  }

  let model: Model
  let base: Entity
  let dialect: SQLDialect
  /// `t` for a statement's own tables (`t0`, `t1`…); longer inside subqueries (`ts0`).
  let aliasPrefix: String
  private var aliases: [String: (alias: String, entity: Entity)] = [:]
  private var joins: [Join] = []

  init(model: Model, base: Entity, dialect: SQLDialect, aliasPrefix: String = "t") {
    self.model = model
    self.base = base
    self.dialect = dialect
    self.aliasPrefix = aliasPrefix
  }

  /// The alias of the base table: `t0`.
  var baseAlias: String { aliasPrefix + "0" }

  /// `FROM "film" AS "t0" LEFT JOIN "language" AS "t1" ON …`.
  var fromClause: String {
    var text = "FROM " + dialect.quote(table: base.table, schema: base.schema) + " AS " + dialect.quote(baseAlias)
    for join in joins { text += " " + join.clause }
    return text
  }

  /// A to-many crossed by a key path, after the to-ones before it: `filmActors.filmId`
  /// from `Actor` is (`[]`, `Actor.filmActors`, `filmId`).
  struct ToManyStep {
    var prefix: [String]
    var relationship: Relationship
    var rest: PropertyPath
    /// For a flattened many-to-many: the key the user wrote (`groups`) and the join's
    /// to-one that `rest` starts with instead (`group`), so messages name what was typed.
    var flattened: (typed: String, through: String)?
  }

  /// The first to-many `path` crosses, if any (unknown keys are left to `column(for:)`).
  func firstToMany(in path: PropertyPath) -> ToManyStep? {
    var entity = base
    for (index, key) in path.components.enumerated().dropLast() {
      guard let relationship = entity[relationship: key] else { return nil }
      // A flattened many-to-many is the to-many to its join entity, then the join's to-one:
      // `actors.lastName` from Film is `filmActors.actor.lastName`.
      if relationship.flattenedThrough != nil, let first = relationship.throughPath.first,
        let toJoin = entity[relationship: first]
      {
        return ToManyStep(
          prefix: Array(path.components[..<index]), relationship: toJoin,
          rest: PropertyPath(
            components: Array(relationship.throughPath.dropFirst()) + Array(path.components[(index + 1)...])),
          flattened: (key, relationship.throughPath.dropFirst().joined(separator: ".")))
      }
      if relationship.isToMany {
        return ToManyStep(
          prefix: Array(path.components[..<index]), relationship: relationship,
          rest: PropertyPath(components: Array(path.components[(index + 1)...])))
      }
      guard let next = model[entity: relationship.destination] else { return nil }
      entity = next
    }
    return nil
  }

  /// The column at the end of `path`, joining every to-one on the way.
  mutating func column(for path: PropertyPath) throws(FetchError) -> Column {
    var entity = base
    var alias = baseAlias
    var walked: [String] = []
    for (index, key) in path.components.enumerated() {
      let isLast = index == path.components.count - 1
      if isLast {
        guard let attribute = entity[attribute: key] else {
          throw unknownKey(key, on: entity, in: path)
        }
        return Column(sql: dialect.quote(alias) + "." + dialect.quote(attribute.column), attribute: attribute)
      }
      guard let relationship = entity[relationship: key] else {
        throw unknownKey(key, on: entity, in: path)
      }
      guard !relationship.isToMany else {
        throw FetchError(
          "'\(path)': \(entity.name).\(key) is a to-many relationship; "
            + "only to-one relationships can be followed in a key path")
      }
      guard let destination = model[entity: relationship.destination] else {
        throw FetchError("'\(path)': unknown entity \(relationship.destination)")
      }
      walked.append(key)
      let pathKey = walked.joined(separator: ".")
      if let existing = aliases[pathKey] {
        alias = existing.alias
      } else {
        let newAlias = aliasPrefix + "\(aliases.count + 1)"
        let conditions = relationship.joins.compactMap { join -> String? in
          guard let source = entity[attribute: join.source],
            let target = destination[attribute: join.destination]
          else { return nil }
          return dialect.quote(newAlias) + "." + dialect.quote(target.column) + " = " + dialect.quote(alias) + "."
            + dialect.quote(source.column)
        }
        joins.append(
          Join(
            alias: newAlias,
            clause: "LEFT JOIN " + dialect.quote(table: destination.table, schema: destination.schema)
              + " AS " + dialect.quote(newAlias) + " ON " + conditions.joined(separator: " AND ")))
        aliases[pathKey] = (newAlias, destination)
        alias = newAlias
      }
      entity = destination
    }
    throw FetchError("empty key path")
  }

  private func unknownKey(_ key: String, on entity: Entity, in path: PropertyPath) -> FetchError {
    let context = path.isSingleKey ? "" : " (in '\(path)')"
    return FetchError("\(entity.name) has no property '\(key)'\(context)")
  }
}
