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

  /// The grouped columns, the aggregates, the FROM clause with its joins, the WHERE
  /// condition and its bindings.
  private func parts(
    _ spec: FrequencySpecification
  ) throws(FetchError)
    -> (
      columns: [String], types: [ValueType?], aggregates: [(sql: String, type: ValueType?)], from: String,
      condition: String?, bindings: [DatabaseValue]
    )
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
      if let bucket = spec.buckets[path] {
        switch column.attribute.valueType {
        case .date, .timestamp: break
        default: throw FetchError("'\(path)' is not a date: it cannot be grouped by \(bucket.rawValue)")
        }
        columns.append(bucketSQL(column.sql, bucket))
        types.append(.text(maxLength: nil, isFixedWidth: false))
      } else {
        columns.append(column.sql)
        types.append(column.attribute.valueType)
      }
    }
    var aggregates: [(sql: String, type: ValueType?)] = []
    for aggregate in spec.aggregates {
      guard graph.firstToMany(in: aggregate.keyPath) == nil else {
        throw FetchError("'\(aggregate)' crosses a to-many: its rows have no one value to add up")
      }
      let column = try graph.column(for: aggregate.keyPath)
      aggregates.append(aggregateSQL(aggregate.function, column))
    }
    var where_ = QualifierSQL(graph: graph, bindings: [])
    let condition = try spec.qualifier.map { qualifier throws(FetchError) in try where_.condition(qualifier) }
    return (columns, types, aggregates, where_.graph.fromClause, condition, where_.bindings)
  }

  /// A date's bucket as text that sorts as time does: `2005`, `2005-07`, `2005-07-31`,
  /// `2005-07-31 14:00`.
  private func bucketSQL(_ column: String, _ bucket: DateBucket) -> String {
    let formats: (postgres: String, other: String)
    switch bucket {
    case .year: formats = ("YYYY", "%Y")
    case .month: formats = ("YYYY-MM", "%Y-%m")
    case .day: formats = ("YYYY-MM-DD", "%Y-%m-%d")
    case .hour: formats = ("YYYY-MM-DD HH24:00", "%Y-%m-%d %H:00")
    }
    switch dialect {
    case .postgresql: return "to_char(" + column + ", '" + formats.postgres + "')"
    case .sqlite: return "strftime('" + formats.other + "', " + column + ")"
    case .mysql: return "DATE_FORMAT(" + column + ", '" + formats.other + "')"
    }
  }

  /// `sum(…)`, `avg(…)` rounded to the column's scale (or 2 places), `min(…)`, `max(…)`.
  private func aggregateSQL(
    _ function: Aggregate.Function, _ column: JoinGraph.Column
  ) -> (sql: String, type: ValueType?) {
    let type = column.attribute.valueType
    var scale = 0
    switch type {
    case .integer, .boolean: scale = 0
    case .decimal(_, let s): scale = s ?? 2
    case .double: scale = 2
    default:
      // Dates and texts have a least and a greatest, no sum.
      return (function.rawValue + "(" + column.sql + ")", function == .min || function == .max ? type : nil)
    }
    let number = dialect == .postgresql && scale > 0 ? column.sql + "::numeric" : column.sql
    switch function {
    case .min, .max:
      return (function.rawValue + "(" + column.sql + ")", type)
    case .sum where scale == 0:
      return ("sum(" + column.sql + ")", .decimal(precision: nil, scale: 0))
    case .sum:
      return ("round(sum(" + number + "), \(scale))", .decimal(precision: nil, scale: scale))
    case .avg:
      let places = max(scale, 2)
      let average = dialect == .postgresql ? "avg(" + column.sql + ")::numeric" : "avg(" + number + ")"
      return ("round(" + average + ", \(places))", .decimal(precision: nil, scale: places))
    }
  }

  /// `SELECT v0, …, count(*) AS n, a0, … FROM … WHERE … GROUP BY v0, … ORDER BY n DESC, v0 …
  /// LIMIT ? OFFSET ?`.
  func groups(_ spec: FrequencySpecification) throws(FetchError) -> SQLStatement {
    let (columns, types, aggregates, from, condition, conditionBindings) = try parts(spec)
    var bindings = conditionBindings
    let outputs =
      columns.enumerated().map { $1 + " AS " + dialect.quote("v\($0)") } + ["count(*) AS " + dialect.quote("n")]
      + aggregates.enumerated().map { $1.sql + " AS " + dialect.quote("a\($0)") }
    var sql = "SELECT " + outputs.joined(separator: ", ") + " " + from
    if let condition { sql += " WHERE " + condition }
    sql += " GROUP BY " + columns.joined(separator: ", ")
    // Values sort NULLs last on every engine (MySQL has no NULLS LAST: a leading IS NULL).
    func sorted(_ term: String, ascending: Bool) -> String {
      let direction = ascending ? " ASC" : " DESC"
      return dialect == .mysql ? "(" + term + " IS NULL), " + term + direction : term + direction + " NULLS LAST"
    }
    let byValue = columns.map { sorted($0, ascending: true) }
    let count = "count(*) DESC"
    var order = spec.byValue ? byValue + [count] : [count] + byValue
    if let column = spec.sortColumn {
      let terms = columns + ["count(*)"] + aggregates.map(\.sql)
      if terms.indices.contains(column) { order = [sorted(terms[column], ascending: spec.ascending)] + byValue }
    }
    sql += " ORDER BY " + order.joined(separator: ", ")
    bindings.append(.integer(Int64(max(0, spec.limit))))
    sql += " LIMIT " + dialect.placeholder(bindings.count - 1)
    if spec.offset > 0 {
      bindings.append(.integer(Int64(spec.offset)))
      sql += " OFFSET " + dialect.placeholder(bindings.count - 1)
    }
    return SQLStatement(sql, bindings, resultTypes: types + [.integer(bits: 64)] + aggregates.map(\.type))
  }

  /// A row of `groups`: its values, its count, then its aggregates.
  static func frequency(_ row: Row, keys: Int) -> Frequency {
    let values = row.values
    return Frequency(
      values: Array(values.prefix(keys)), count: Int(values.dropFirst(keys).first?.int64Value ?? 0),
      aggregates: Array(values.dropFirst(keys + 1)))
  }

  /// Rows, groups and the largest group, in one pass over the groups.
  func totals(_ spec: FrequencySpecification) throws(FetchError) -> SQLStatement {
    let (columns, _, _, from, condition, bindings) = try parts(spec)
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
