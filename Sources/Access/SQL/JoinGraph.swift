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
  private var aliases: [String: (alias: String, entity: Entity)] = [:]
  private var joins: [Join] = []

  init(model: Model, base: Entity, dialect: SQLDialect) {
    self.model = model
    self.base = base
    self.dialect = dialect
  }

  /// `FROM "film" AS "t0" LEFT JOIN "language" AS "t1" ON …`.
  var fromClause: String {
    var text = "FROM " + dialect.quote(table: base.table, schema: base.schema) + " AS \"t0\""
    for join in joins { text += " " + join.clause }
    return text
  }

  /// The column at the end of `path`, joining every to-one on the way.
  mutating func column(for path: PropertyPath) throws(FetchError) -> Column {
    var entity = base
    var alias = "t0"
    var walked: [String] = []
    for (index, key) in path.components.enumerated() {
      let isLast = index == path.components.count - 1
      if isLast {
        guard let attribute = entity[attribute: key] else {
          throw unknownKey(key, on: entity, in: path)
        }
        return Column(sql: "\"\(alias)\"." + dialect.quote(attribute.column), attribute: attribute)
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
        let newAlias = "t\(aliases.count + 1)"
        let conditions = relationship.joins.compactMap { join -> String? in
          guard let source = entity[attribute: join.source],
            let target = destination[attribute: join.destination]
          else { return nil }
          return "\"\(newAlias)\"." + dialect.quote(target.column) + " = \"\(alias)\"."
            + dialect.quote(source.column)
        }
        joins.append(Join(
          alias: newAlias,
          clause: "LEFT JOIN " + dialect.quote(table: destination.table, schema: destination.schema)
            + " AS \"\(newAlias)\" ON " + conditions.joined(separator: " AND ")))
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
