import Qualifiers

/// The statements of a frequency table: the groups of a page (`GROUP BY` the key paths,
/// counted, most first or by value with NULLs last), and the number of rows and of groups.
struct FrequencyBuilder {
  let model: Model
  /// The entity counted (nil: a statement's result, `FrequencySpecification.source`).
  let entity: Entity?
  let dialect: SQLDialect

  init(model: Model, entityName: String, dialect: SQLDialect) throws(FetchError) {
    guard let entity = model[entity: entityName] else { throw FetchError("unknown entity '\(entityName)'") }
    self.model = model
    self.entity = entity
    self.dialect = dialect
  }

  /// A builder for specifications whose rows are a statement's result.
  init(statementsIn model: Model, dialect: SQLDialect) {
    self.model = model
    entity = nil
    self.dialect = dialect
  }

  /// The grouped columns, the aggregates, the FROM clause with its joins, the WHERE
  /// condition and its bindings.
  private func parts(
    _ spec: FrequencySpecification
  ) throws(FetchError)
    -> (
      columns: [String], types: [ValueType?], aggregates: [(sql: String, output: String, type: ValueType?)],
      from: String,
      condition: String?, bindings: [DatabaseValue]
    )
  {
    guard !spec.keyPaths.isEmpty else { throw FetchError("nothing to count by") }
    if let source = spec.source { return statementParts(spec, source) }
    guard let entity else { throw FetchError("nothing to count: no entity and no statement") }
    var graph = JoinGraph(model: model, base: entity, dialect: dialect)
    var columns: [String] = []
    var types: [ValueType?] = []
    for path in spec.keyPaths {
      guard graph.firstToMany(in: path) == nil else {
        throw FetchError("'\(path)' crosses a to-many: its rows have no one value to count")
      }
      let column = try graph.column(for: path)
      if let bucket = spec.buckets[path] {
        guard column.attribute.valueType.isDateOrTimestamp else {
          throw FetchError("'\(path)' is not a date: it cannot be grouped by \(bucket.rawValue)")
        }
        columns.append(bucketSQL(column.sql, bucket))
        types.append(.text(maxLength: nil, isFixedWidth: false))
      } else {
        columns.append(column.sql)
        types.append(column.attribute.valueType)
      }
    }
    var aggregates: [(sql: String, output: String, type: ValueType?)] = []
    for aggregate in spec.aggregates {
      guard graph.firstToMany(in: aggregate.keyPath) == nil else {
        throw FetchError("'\(aggregate)' crosses a to-many: its rows have no one value to add up")
      }
      let column = try graph.column(for: aggregate.keyPath)
      let computed = aggregateSQL(aggregate.function, column)
      aggregates.append((computed.sql, places(computed.sql, computed.type), computed.type))
    }
    var where_ = QualifierSQL(graph: graph, bindings: [])
    var conditions = try spec.qualifier.map { qualifier throws(FetchError) in [try where_.condition(qualifier)] } ?? []
    var bindings = where_.bindings
    if let search = searchCondition(spec.search, columns, &bindings) { conditions.append(search) }
    let condition = conditions.isEmpty ? nil : conditions.joined(separator: " AND ")
    return (columns, types, aggregates, where_.graph.fromClause, condition, bindings)
  }

  /// A statement's result as the rows: `FROM (SQL) AS "q"`, its parameters first.
  private func statementParts(
    _ spec: FrequencySpecification, _ source: SQLStatement
  ) -> (
    columns: [String], types: [ValueType?], aggregates: [(sql: String, output: String, type: ValueType?)],
    from: String, condition: String?, bindings: [DatabaseValue]
  ) {
    let column = { (path: PropertyPath) in self.dialect.quote("q") + "." + self.dialect.quote(path.description) }
    let columns = spec.keyPaths.map(column)
    let aggregates = spec.aggregates.map { aggregate -> (sql: String, output: String, type: ValueType?) in
      let sql = aggregate.function.rawValue + "(" + column(aggregate.keyPath) + ")"
      return (sql, sql, nil)
    }
    var inner = source.sql.trimmingCharacters(in: .whitespacesAndNewlines)
    while inner.hasSuffix(";") { inner = String(inner.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
    var bindings = source.bindings
    let condition = searchCondition(spec.search, columns, &bindings)
    return (
      columns, columns.map { _ in nil }, aggregates, "FROM (" + inner + ") AS " + dialect.quote("q"), condition,
      bindings
    )
  }

  /// Rows one of whose grouped values holds `search` (case-insensitive): a group's values
  /// are its rows' values, so those rows are the groups'.
  private func searchCondition(_ search: String?, _ columns: [String], _ bindings: inout [DatabaseValue]) -> String? {
    guard let search, !search.isEmpty else { return nil }
    let pattern = DatabaseValue.text("%" + escapedLike(search.lowercased()) + "%")
    // `\` escapes on every engine (MySQL's default, so no ESCAPE clause there); one
    // parameter per test, as MySQL's `?` are taken in order.
    let escape = dialect == .mysql ? "" : " ESCAPE '\\'"
    let tests = columns.map { column -> String in
      bindings.append(pattern)
      return "lower(" + asText(column) + ") LIKE " + dialect.placeholder(bindings.count - 1) + escape
    }
    return "(" + tests.joined(separator: " OR ") + ")"
  }

  private func asText(_ column: String) -> String {
    switch dialect {
    case .postgresql: return "CAST(" + column + " AS text)"
    case .sqlite: return "CAST(" + column + " AS TEXT)"
    case .mysql: return "CAST(" + column + " AS CHAR)"
    }
  }

  /// `%`, `_` and the escape character itself, escaped for LIKE.
  private func escapedLike(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
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

  /// A rounded number as it is output: with its places on SQLite too (`printf`), whose
  /// `round` gives 3.0 for 3.00 (the page and a file show 3.00 on every engine). Sorting
  /// uses the number itself.
  private func places(_ sql: String, _ type: ValueType?) -> String {
    guard dialect == .sqlite, case .decimal(_, let scale?)? = type, scale > 0 else { return sql }
    return "CASE WHEN " + sql + " IS NULL THEN NULL ELSE printf('%.\(scale)f', " + sql + ") END"
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
    let names =
      spec.columnNames ?? (columns.indices.map { "v\($0)" } + ["n"] + aggregates.indices.map { "a\($0)" })
    let outputs = zip(columns + ["count(*)"] + aggregates.map(\.output), names).map {
      $0 + " AS " + dialect.quote($1)
    }
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

extension FrequencySpecification {
  /// The statement giving this specification's groups, for writing them to a file
  /// (`QueryExportRequest`): `limit` and `offset` apply as they are set.
  public func statement(in model: Model, dialect: SQLDialect) throws(FetchError) -> SQLStatement {
    try FrequencyBuilder.for(self, in: model, dialect: dialect).groups(self)
  }
}

extension FrequencyBuilder {
  /// The builder for a specification: of its entity, or of its statement's result.
  static func `for`(_ spec: FrequencySpecification, in model: Model, dialect: SQLDialect) throws(FetchError) -> Self {
    spec.source == nil
      ? try FrequencyBuilder(model: model, entityName: spec.entityName, dialect: dialect)
      : FrequencyBuilder(statementsIn: model, dialect: dialect)
  }
}
