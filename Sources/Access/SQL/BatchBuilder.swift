import Qualifiers

/// The statements of a batch change (issue 24): the `UPDATE` itself — `WHERE` the marks'
/// condition on the table, or `key IN (SELECT …)` when the condition joins other tables —
/// and the reads around it (the rows and their values before, the rows marked one by one).
struct BatchBuilder {
  let model: Model
  let entity: Entity
  let dialect: SQLDialect
  let batch: BatchChange

  init(model: Model, batch: BatchChange, dialect: SQLDialect) throws(FetchError) {
    guard let entity = model[entity: batch.entityName] else { throw FetchError("unknown entity '\(batch.entityName)'") }
    guard !entity.primaryKey.isEmpty else {
      throw FetchError("\(entity.name) has no primary key: its rows cannot be changed together")
    }
    guard !entity.isReadOnly else { throw FetchError("\(entity.name) is read-only") }
    self.model = model
    self.entity = entity
    self.dialect = dialect
    self.batch = batch
  }

  var table: String { dialect.quote(table: entity.table, schema: entity.schema) }

  /// The attributes the change sets, in name order.
  func columns() throws(FetchError) -> [Attribute] {
    try batch.values.keys.sorted().map { name throws(FetchError) in
      guard let attribute = entity[attribute: name] else {
        throw FetchError("\(entity.name) has no attribute '\(name)'")
      }
      guard !attribute.isReadOnly else { throw FetchError("\(attribute.displayName) is computed by the database") }
      return attribute
    }
  }

  var keys: [Attribute] { entity.primaryKey.compactMap { entity[attribute: $0] } }

  /// `"rating" = $1, …`: the values set come first among the parameters.
  private func assignments(_ columns: [Attribute], bindings: inout [DatabaseValue]) -> [String] {
    columns.map { column in
      bindings.append(batch.values[column.name] ?? .null)
      return dialect.quote(column.column) + " = " + dialect.placeholder(bindings.count - 1)
    }
  }

  /// `UPDATE "film" SET "rating" = $1 WHERE …`.
  func update() throws(FetchError) -> SQLStatement {
    let columns = try columns()
    guard !columns.isEmpty else { throw FetchError("the batch change sets nothing") }
    var bindings: [DatabaseValue] = []
    let assignments = assignments(columns, bindings: &bindings)
    var condition = QualifierSQL(
      graph: JoinGraph(model: model, base: entity, dialect: dialect, aliasPrefix: "m"), bindings: bindings)
    let text = try condition.condition(batch.qualifier)
    let sql: String
    if condition.graph.fromClause
      == JoinGraph(model: model, base: entity, dialect: dialect, aliasPrefix: "m")
      .fromClause
    {
      // No join: the condition on the table itself, under the alias it was written for.
      sql =
        "UPDATE " + table + " AS " + dialect.quote("m0") + " SET " + assignments.joined(separator: ", ") + " WHERE "
        + text
    } else {
      let keyList = keys.map { dialect.quote($0.column) }
      let selected = keys.map { dialect.quote("m0") + "." + dialect.quote($0.column) }
      let left = keyList.count == 1 ? keyList[0] : "(" + keyList.joined(separator: ", ") + ")"
      sql =
        "UPDATE " + table + " SET " + assignments.joined(separator: ", ") + " WHERE " + left + " IN (SELECT "
        + selected.joined(separator: ", ") + " " + condition.graph.fromClause + " WHERE " + text + ")"
    }
    return SQLStatement(sql, condition.bindings, sensitiveBindings: ChangeWriter.sensitive(columns))
  }

  /// The marked rows' keys and their values of the columns set, before the change.
  func before() throws(FetchError) -> SQLStatement {
    let columns = try columns()
    var condition = QualifierSQL(graph: JoinGraph(model: model, base: entity, dialect: dialect), bindings: [])
    let text = try condition.condition(batch.qualifier)
    let listed = (keys + columns).map { dialect.quote("t0") + "." + dialect.quote($0.column) }
    var sql = "SELECT " + listed.joined(separator: ", ") + " " + condition.graph.fromClause + " WHERE " + text
    if dialect != .sqlite { sql += " FOR UPDATE" }
    return SQLStatement(sql, condition.bindings, resultTypes: (keys + columns).map(\.valueType))
  }

  /// The rows marked one by one, now (their keys and the columns set).
  func seenRows() throws(FetchError) -> SQLStatement? {
    guard !batch.seen.isEmpty else { return nil }
    let columns = try columns()
    var bindings: [DatabaseValue] = []
    let alternatives = batch.seen.keys.map { key in
      "("
        + keys.map { attribute in
          bindings.append(key[attribute.name] ?? .null)
          return dialect.quote(attribute.column) + " = " + dialect.placeholder(bindings.count - 1)
        }.joined(separator: " AND ") + ")"
    }
    let listed = (keys + columns).map { dialect.quote($0.column) }
    return SQLStatement(
      "SELECT " + listed.joined(separator: ", ") + " FROM " + table + " WHERE "
        + alternatives.joined(separator: " OR "),
      bindings, resultTypes: (keys + columns).map(\.valueType))
  }

  /// The same change for one row (counting the rows the database refuses).
  func update(key: [String: DatabaseValue]) throws(FetchError) -> SQLStatement {
    let columns = try columns()
    var bindings: [DatabaseValue] = []
    let assignments = assignments(columns, bindings: &bindings)
    let condition = keys.map { attribute in
      bindings.append(key[attribute.name] ?? .null)
      return dialect.quote(attribute.column) + " = " + dialect.placeholder(bindings.count - 1)
    }
    return SQLStatement(
      "UPDATE " + table + " SET " + assignments.joined(separator: ", ") + " WHERE "
        + condition.joined(separator: " AND "), bindings, sensitiveBindings: ChangeWriter.sensitive(columns))
  }
}
