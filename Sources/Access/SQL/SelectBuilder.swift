import Qualifiers

/// Builds the SELECT for a fetch specification: projection with LEFT JOINs for key paths,
/// WHERE from the qualifier, keyset condition, ORDER BY with the primary key as tiebreak.
struct SelectBuilder {
  /// One ORDER BY term.
  struct SortTerm {
    var sql: String
    var label: String
    var ascending: Bool
    var nullable: Bool
    /// A MySQL `ENUM`'s labels: it sorts by their position, so the term is that number
    /// (`col + 0`) and a page key's label is compared as its position (1-based; 0 is the
    /// server's '' for an invalid value), never as text, which orders differently.
    var enumLabels: [String]? = nil

    /// A page key's value as this term compares it.
    func comparable(_ value: DatabaseValue) -> DatabaseValue {
      guard let enumLabels, let label = value.stringValue else { return value }
      return .integer(Int64(enumLabels.firstIndex(of: label).map { $0 + 1 } ?? 0))
    }
  }

  let model: Model
  let entity: Entity
  let dialect: SQLDialect

  init(model: Model, entityName: String, dialect: SQLDialect) throws(FetchError) {
    guard let entity = model[entity: entityName] else {
      throw FetchError("unknown entity '\(entityName)'")
    }
    self.model = model
    self.entity = entity
    self.dialect = dialect
  }

  /// The sort terms of a specification: its orderings, then the primary key; for an entity
  /// without one (a view, a table with no key), every column the database can sort, so that
  /// its order, and so its pages by offset, stay the same from one fetch to the next.
  func sortKeyPaths(_ spec: FetchSpecification) -> [SortOrdering] {
    var orderings = spec.sortOrderings
    let keys = identifiesRows ? entity.primaryKey : entity.attributes.filter(isOrderable).map(\.name)
    for key in keys where !orderings.contains(where: { $0.key == PropertyPath(key: key) }) {
      orderings.append(SortOrdering(PropertyPath(key: key)))
    }
    return orderings
  }

  /// Whether the sort ends with the primary key, so a page key names one row and neighbouring
  /// pages can be fetched from it; without a key, rows that are equal in every column can
  /// only be told apart by their place, and pages are fetched by offset.
  var identifiesRows: Bool { !entity.primaryKey.isEmpty }

  /// Whether the database has an order for the column's values: SQLite sorts any value;
  /// PostgreSQL has none for `json` or arrays of it (`jsonb` has one; a domain over either is
  /// taken for `json`), and types d2t does not know may lack one on either server.
  private func isOrderable(_ attribute: Attribute) -> Bool {
    guard dialect != .sqlite else { return true }
    var base = attribute.declaredType.lowercased()
    while base.hasSuffix("[]") { base.removeLast(2) }
    func orderable(_ type: ValueType) -> Bool {
      switch type {
      case .other: return false
      case .array(let element): return orderable(element)
      case .json: return dialect != .postgresql || base == "jsonb"
      default: return true
      }
    }
    return orderable(attribute.valueType)
  }

  func select(_ spec: FetchSpecification) throws(FetchError) -> SQLStatement {
    var graph = JoinGraph(model: model, base: entity, dialect: dialect)
    let requested = spec.keyPaths ?? entity.attributes.map { PropertyPath(key: $0.name) }
    var labels: [String] = []
    var expressions: [String] = []
    var types: [ValueType?] = []
    func project(_ path: PropertyPath) throws(FetchError) {
      guard !labels.contains(path.description) else { return }
      if let step = graph.firstToMany(in: path) {
        var related = QualifierSQL(graph: graph, bindings: [])
        let values = try related.relatedValues(step, of: path)
        graph = related.graph
        labels.append(path.description)
        expressions.append(values.sql + " AS " + dialect.quote(path.description))
        types.append(values.type)
        return
      }
      let column = try graph.column(for: path)
      labels.append(path.description)
      expressions.append(column.sql + " AS " + dialect.quote(path.description))
      types.append(column.attribute.valueType)
    }
    for path in requested { try project(path) }
    for key in entity.primaryKey { try project(PropertyPath(key: key)) }
    let orderings = sortKeyPaths(spec)
    var terms: [SortTerm] = []
    for ordering in orderings {
      // Without a key the columns added to the order only fix it: pages are fetched by
      // offset, so their values need not come back.
      if identifiesRows || spec.sortOrderings.contains(where: { $0.key == ordering.key }) {
        try project(ordering.key)
      }
      let column = try graph.column(for: ordering.key)
      var expression = column.sql
      let isEnum = dialect == .mysql && column.attribute.declaredType.lowercased().hasPrefix("enum(")
      if isEnum {
        expression = "(" + expression + " + 0)"
      } else if ordering.ignoresCase, case .text = column.attribute.valueType {
        expression = dialect == .sqlite ? expression + " COLLATE NOCASE" : "lower(" + expression + ")"
      }
      terms.append(
        SortTerm(
          sql: expression, label: ordering.key.description,
          ascending: ordering.direction == .ascending,
          nullable: column.attribute.isNullable || !ordering.key.isSingleKey,
          enumLabels: isEnum ? column.attribute.enumValues : nil))
    }
    var where_ = QualifierSQL(graph: graph, bindings: [])
    var conditions: [String] = []
    if let qualifier = spec.qualifier { conditions.append(try where_.condition(qualifier)) }
    let reversed: Bool
    switch spec.position {
    case .start:
      reversed = false
    case .end:
      reversed = true
    case .after(let values):
      reversed = false
      conditions.append(try keyset(terms, values, forward: true, sql: &where_))
    case .before(let values):
      reversed = true
      conditions.append(try keyset(terms, values, forward: false, sql: &where_))
    }
    graph = where_.graph
    var sql = "SELECT " + expressions.joined(separator: ", ") + " " + graph.fromClause
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    if !terms.isEmpty {
      sql +=
        " ORDER BY "
        + terms.map { orderClause($0, reversed: reversed) }
        .joined(separator: ", ")
    }
    var bindings = where_.bindings
    if let limit = spec.limit {
      bindings.append(.integer(Int64(max(0, limit))))
      sql += " LIMIT " + dialect.placeholder(bindings.count - 1)
    }
    if spec.offset > 0 {
      if spec.limit == nil {
        sql += dialect == .sqlite ? " LIMIT -1" : dialect == .mysql ? " LIMIT 18446744073709551615" : ""
      }
      bindings.append(.integer(Int64(spec.offset)))
      sql += " OFFSET " + dialect.placeholder(bindings.count - 1)
    }
    return SQLStatement(sql, bindings, resultTypes: types)
  }

  func count(_ spec: FetchSpecification) throws(FetchError) -> SQLStatement {
    var builder = QualifierSQL(
      graph: JoinGraph(model: model, base: entity, dialect: dialect), bindings: [])
    let condition = try spec.qualifier.map { q throws(FetchError) in try builder.condition(q) }
    var sql = "SELECT count(*) AS " + dialect.quote("count") + " " + builder.graph.fromClause
    if let condition { sql += " WHERE " + condition }
    return SQLStatement(sql, builder.bindings, resultTypes: [.integer(bits: 64)])
  }

  /// NULLs come last in either direction, on both databases (`ASC NULLS LAST`,
  /// `DESC NULLS LAST`; a reversed fetch from the end puts them first), so keyset conditions
  /// rely on one placement; plain `ASC`/`DESC` for NOT NULL keys, so SQLite walks the index.
  private func orderClause(_ term: SortTerm, reversed: Bool) -> String {
    let ascending = term.ascending != reversed
    guard term.nullable else { return term.sql + (ascending ? " ASC" : " DESC") }
    if dialect == .mysql {
      // MySQL has no NULLS FIRST/LAST: a leading `IS NULL` term places them.
      return "(" + term.sql + " IS NULL)" + (reversed ? " DESC, " : " ASC, ") + term.sql
        + (ascending ? " ASC" : " DESC")
    }
    return term.sql + (ascending ? " ASC" : " DESC") + (reversed ? " NULLS FIRST" : " NULLS LAST")
  }

  /// Rows strictly after (or before) the row whose sort key is `values`.
  ///
  /// Non-null keys of one direction use a row-value comparison (index-friendly on both
  /// databases); otherwise the expanded form `a > ? OR (a = ? AND b > ?) …` with NULLs
  /// placed last in ascending order.
  private func keyset(
    _ terms: [SortTerm], _ values: [DatabaseValue], forward: Bool,
    sql: inout QualifierSQL
  ) throws(FetchError) -> String {
    guard values.count == terms.count else {
      throw FetchError("page key has \(values.count) values, the sort needs \(terms.count)")
    }
    guard let first = terms.first else {
      throw FetchError("\(entity.name) has no column to page by: fetch its pages by offset")
    }
    let values = zip(terms, values).map { $0.comparable($1) }
    let sameDirection = terms.allSatisfy { $0.ascending == first.ascending }
    if sameDirection && !values.contains(where: \.isNull) && !terms.contains(where: \.nullable) {
      let greater = first.ascending == forward
      let placeholders = values.map { sql.bind($0) }
      return "(" + terms.map(\.sql).joined(separator: ", ") + ") " + (greater ? ">" : "<")
        + " (" + placeholders.joined(separator: ", ") + ")"
    }
    var alternatives: [String] = []
    for index in terms.indices {
      var parts: [String] = []
      for previous in 0..<index {
        parts.append(equal(terms[previous], values[previous], sql: &sql))
      }
      guard let beyond = beyond(terms[index], values[index], forward: forward, sql: &sql) else {
        continue
      }
      parts.append(beyond)
      alternatives.append("(" + parts.joined(separator: " AND ") + ")")
    }
    return alternatives.isEmpty ? "1 = 0" : "(" + alternatives.joined(separator: " OR ") + ")"
  }

  private func equal(_ term: SortTerm, _ value: DatabaseValue, sql: inout QualifierSQL) -> String {
    value.isNull ? term.sql + " IS NULL" : term.sql + " = " + sql.bind(value)
  }

  /// The condition for "comes after `value`" going `forward` (or before it going back) in
  /// this term's order, NULLs last whatever the direction.
  private func beyond(
    _ term: SortTerm, _ value: DatabaseValue, forward: Bool,
    sql: inout QualifierSQL
  ) -> String? {
    if value.isNull {
      return forward ? nil : term.sql + " IS NOT NULL"
    }
    let placeholder = sql.bind(value)
    let comparison = term.sql + (term.ascending == forward ? " > " : " < ") + placeholder
    return forward && term.nullable ? "(" + comparison + " OR " + term.sql + " IS NULL)" : comparison
  }
}
