import Qualifiers

/// The statements of a frequency table: the groups of a page (`GROUP BY` the key paths,
/// counted, most first or by value with NULLs last), and the number of rows and of groups.
struct FrequencyBuilder {
  let model: Model
  let entity: Entity
  let dialect: SQLDialect

  init(model: Model, entityName: String, dialect: SQLDialect) throws(FetchError) {
    guard let entity = model[entity: entityName] else { throw FetchError("unknown entity '\(entityName)'") }
    self.model = model
    self.entity = entity
    self.dialect = dialect
  }

  /// The grouped columns, the FROM clause with its joins, the WHERE condition and its bindings.
  private func parts(
    _ spec: FrequencySpecification
  ) throws(FetchError)
    -> (columns: [String], types: [ValueType?], from: String, condition: String?, bindings: [DatabaseValue])
  {
    guard !spec.keyPaths.isEmpty else { throw FetchError("nothing to count by") }
    var graph = JoinGraph(model: model, base: entity, dialect: dialect)
    var columns: [String] = []
    var types: [ValueType?] = []
    for path in spec.keyPaths {
      guard graph.firstToMany(in: path) == nil else {
        throw FetchError("'\(path)' crosses a to-many: its rows have no one value to count")
      }
      let column = try graph.column(for: path)
      columns.append(column.sql)
      types.append(column.attribute.valueType)
    }
    var where_ = QualifierSQL(graph: graph, bindings: [])
    let condition = try spec.qualifier.map { qualifier throws(FetchError) in try where_.condition(qualifier) }
    return (columns, types, where_.graph.fromClause, condition, where_.bindings)
  }

  /// `SELECT v0, …, count(*) AS n FROM … WHERE … GROUP BY v0, … ORDER BY n DESC, v0 … LIMIT ? OFFSET ?`.
  func groups(_ spec: FrequencySpecification) throws(FetchError) -> SQLStatement {
    let (columns, types, from, condition, conditionBindings) = try parts(spec)
    var bindings = conditionBindings
    var sql =
      "SELECT "
      + (columns.enumerated().map { $1 + " AS " + dialect.quote("v\($0)") } + ["count(*) AS " + dialect.quote("n")])
      .joined(separator: ", ") + " " + from
    if let condition { sql += " WHERE " + condition }
    sql += " GROUP BY " + columns.joined(separator: ", ")
    // Values sort NULLs last on every engine (MySQL has no NULLS LAST: a leading IS NULL).
    let byValue = columns.map { column in
      dialect == .mysql ? "(" + column + " IS NULL), " + column + " ASC" : column + " ASC NULLS LAST"
    }
    let count = "count(*) DESC"
    sql += " ORDER BY " + (spec.byValue ? byValue + [count] : [count] + byValue).joined(separator: ", ")
    bindings.append(.integer(Int64(max(0, spec.limit))))
    sql += " LIMIT " + dialect.placeholder(bindings.count - 1)
    if spec.offset > 0 {
      bindings.append(.integer(Int64(spec.offset)))
      sql += " OFFSET " + dialect.placeholder(bindings.count - 1)
    }
    return SQLStatement(sql, bindings, resultTypes: types + [.integer(bits: 64)])
  }

  /// A row of `groups`: its values, then its count.
  static func frequency(_ row: Row) -> Frequency {
    Frequency(values: Array(row.values.dropLast()), count: Int(row.values.last?.int64Value ?? 0))
  }

  /// Rows, groups and the largest group, in one pass over the groups.
  func totals(_ spec: FrequencySpecification) throws(FetchError) -> SQLStatement {
    let (columns, _, from, condition, bindings) = try parts(spec)
    var inner = "SELECT count(*) AS " + dialect.quote("n") + " " + from
    if let condition { inner += " WHERE " + condition }
    inner += " GROUP BY " + columns.joined(separator: ", ")
    let sql =
      "SELECT coalesce(sum(" + dialect.quote("n") + "), 0) AS " + dialect.quote("rows") + ", count(*) AS "
      + dialect.quote("groups") + ", coalesce(max(" + dialect.quote("n") + "), 0) AS " + dialect.quote("largest")
      + " FROM (" + inner + ") AS " + dialect.quote("g")
    return SQLStatement(sql, bindings, resultTypes: [.integer(bits: 64), .integer(bits: 64), .integer(bits: 64)])
  }
}
