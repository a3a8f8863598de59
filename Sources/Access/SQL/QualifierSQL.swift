import Qualifiers

/// Translates a qualifier into a WHERE condition: every value a parameter, every
/// identifier quoted, key paths across to-one relationships joined, key paths across a
/// to-many as `EXISTS` (some related row matches: `filmActors.filmId = 7`; comparisons
/// through the same to-many in one `and` must hold for the same related row).
struct QualifierSQL {
  var graph: JoinGraph
  var bindings: [DatabaseValue]

  private var dialect: SQLDialect { graph.dialect }

  mutating func condition(_ qualifier: Qualifier) throws(FetchError) -> String {
    switch qualifier {
    case .constant(let value):
      return value ? "1 = 1" : "1 = 0"
    case .and(let parts):
      guard !parts.isEmpty else { return "1 = 1" }
      return try "(" + conjunction(parts).joined(separator: " AND ") + ")"
    case .or(let parts):
      guard !parts.isEmpty else { return "1 = 0" }
      return try "("
        + parts.map { q throws(FetchError) in try condition(q) }
        .joined(separator: " OR ") + ")"
    case .not(let inner):
      return try "NOT " + condition(inner)
    case .keyComparison(let left, let op, let right):
      let a = try graph.column(for: left)
      let b = try graph.column(for: right)
      guard op != .in, op != .like, op != .caseInsensitiveLike else {
        throw FetchError("'\(op.rawValue)' cannot compare two key paths ('\(left)', '\(right)')")
      }
      return a.sql + " " + sqlOperator(op) + " " + b.sql
    case .comparison(let path, let op, let value):
      return try comparison(path, op, value)
    case .among(let source):
      return try among(source)
    }
  }

  /// `t0.key IN (SELECT d2t_q.column FROM (statement) AS d2t_q)` (a row value for a
  /// compound key): the rows of a console result, its statement run again as a subquery,
  /// each slot a parameter.
  private mutating func among(_ source: QuerySource) throws(FetchError) -> String {
    let pairs = source.columns.sorted { $0.key.description < $1.key.description }
    guard !pairs.isEmpty else { return "1 = 0" }
    var outer: [String] = []
    for (path, _) in pairs { outer.append(try graph.column(for: path).sql) }
    let inner = pairs.map { "d2t_q." + dialect.quote($0.value) }
    var text = ""
    var values = source.values[...]
    for character in source.text {
      guard String(character) == QuerySource.slot else {
        text.append(character)
        continue
      }
      switch values.popFirst() {
      case .null: text += bind(.null)
      case .bool(let flag): text += bind(.bool(flag))
      case .integer(let number): text += bind(.integer(number))
      case .decimal(let digits): text += bind(.decimal(digits))
      case .string(let string): text += bind(.text(string))
      case .list, .binding, nil: throw FetchError("a marked console result holds a value that cannot be bound")
      }
    }
    while let last = text.last, last == ";" || last.isWhitespace { text.removeLast() }
    let left = outer.count == 1 ? outer[0] : "(" + outer.joined(separator: ", ") + ")"
    return left + " IN (SELECT " + inner.joined(separator: ", ") + " FROM (" + text + ") AS d2t_q)"
  }

  /// The parts of an `and`; comparisons through the same to-many share one `EXISTS`.
  private mutating func conjunction(_ parts: [Qualifier]) throws(FetchError) -> [String] {
    var groups: [String: (step: JoinGraph.ToManyStep, inner: [Qualifier])] = [:]
    var order: [Either] = []
    for part in parts {
      if case .comparison(let path, let op, let value) = part, let step = graph.firstToMany(in: path) {
        let key = (step.prefix + [step.relationship.name]).joined(separator: "\u{0}")
        if groups[key] == nil { order.append(.group(key)) }
        groups[key, default: (step, [])].inner.append(.comparison(step.rest, op, value))
      } else {
        order.append(.single(part))
      }
    }
    var result: [String] = []
    for item in order {
      switch item {
      case .single(let part): result.append(try condition(part))
      case .group(let key):
        guard let group = groups[key] else { continue }
        result.append(try exists(group.step, group.inner.count == 1 ? group.inner[0] : .and(group.inner)))
      }
    }
    return result
  }

  private enum Either {
    case single(Qualifier)
    case group(String)
  }

  /// `EXISTS (SELECT 1 FROM "film_actor" AS "ts0" WHERE "ts0"."actor_id" = "t0"."actor_id"
  /// AND …)`: some row of the to-many matches `inner`.
  private mutating func exists(
    _ step: JoinGraph.ToManyStep, _ inner: Qualifier
  ) throws(FetchError)
    -> String
  {
    var (sub, conditions) = try correlated(step)
    do {
      conditions.append(try sub.condition(inner))
    } catch {
      throw Self.named(error, as: step)
    }
    bindings = sub.bindings
    return "EXISTS (SELECT 1 " + sub.graph.fromClause + " WHERE "
      + conditions.joined(separator: " AND ") + ")"
  }

  /// The values at `step.rest` of the rows of a to-many, as one array value:
  /// `ARRAY(SELECT "ts0"."last_name" FROM … WHERE …)` on PostgreSQL, a JSON array elsewhere
  /// (rules read `object.actors.lastName`). Only to-ones may follow the to-many.
  mutating func relatedValues(
    _ step: JoinGraph.ToManyStep, of path: PropertyPath
  ) throws(FetchError) -> (sql: String, type: ValueType) {
    var (sub, conditions) = try correlated(step)
    if sub.graph.firstToMany(in: step.rest) != nil {
      throw FetchError("'\(path)' goes through two to-many relationships; a key path read with each row can cross one")
    }
    let column: JoinGraph.Column
    do {
      column = try sub.graph.column(for: step.rest)
    } catch {
      throw Self.named(error, as: step)
    }
    if case .array = column.attribute.valueType {
      throw FetchError("'\(path)' ends at an array; a to-many's arrays cannot be read as one value")
    }
    let from = sub.graph.fromClause + " WHERE " + conditions.joined(separator: " AND ")
    let sql: String
    switch dialect {
    case .postgresql: sql = "ARRAY(SELECT " + column.sql + " " + from + ")"
    case .sqlite: sql = "(SELECT json_group_array(" + column.sql + ") " + from + ")"
    case .mysql: sql = "(SELECT COALESCE(JSON_ARRAYAGG(" + column.sql + "), '[]') " + from + ")"
    }
    return (sql, .array(of: column.attribute.valueType))
  }

  /// `groups = nil` (no group), `accountsProfile != nil` (a profile): a relationship at the
  /// end of a path compared with nil — whether some related row exists; an owning to-one
  /// by its keys. Nil when the path does not end at a relationship.
  private mutating func relatedRowsCondition(_ path: PropertyPath) throws(FetchError) -> String? {
    var entity = graph.base
    for key in path.components.dropLast() {
      guard let relationship = entity[relationship: key], !relationship.isToMany,
        let next = graph.model[entity: relationship.destination]
      else { return nil }
      entity = next
    }
    guard let last = path.components.last, let relationship = entity[relationship: last] else { return nil }
    let prefix = Array(path.components.dropLast())
    if !relationship.isToMany && !relationship.isInverse {
      let keys = try relationship.joins.map { join throws(FetchError) in
        try graph.column(for: PropertyPath(components: prefix + [join.source])).sql + " IS NOT NULL"
      }
      return "(" + keys.joined(separator: " AND ") + ")"
    }
    // A flattened many-to-many: some join row.
    var toRows = relationship
    if relationship.flattenedThrough != nil, let first = relationship.throughPath.first,
      let toJoin = entity[relationship: first]
    {
      toRows = toJoin
    }
    let step = JoinGraph.ToManyStep(prefix: prefix, relationship: toRows, rest: PropertyPath(components: []))
    let (sub, conditions) = try correlated(step)
    return "EXISTS (SELECT 1 " + sub.graph.fromClause + " WHERE " + conditions.joined(separator: " AND ") + ")"
  }

  /// A query on the to-many's destination and the conditions that tie its rows to the
  /// outer row (the to-ones before the to-many joined outside).
  private mutating func correlated(
    _ step: JoinGraph.ToManyStep
  ) throws(FetchError) -> (QualifierSQL, [String]) {
    guard let destination = graph.model[entity: step.relationship.destination] else {
      throw FetchError("unknown entity \(step.relationship.destination)")
    }
    let sub = QualifierSQL(
      graph: JoinGraph(
        model: graph.model, base: destination, dialect: dialect,
        aliasPrefix: graph.aliasPrefix + "s"),
      bindings: bindings)
    var conditions: [String] = []
    for join in step.relationship.joins {
      let outer = try graph.column(for: PropertyPath(components: step.prefix + [join.source]))
      guard let target = destination[attribute: join.destination] else {
        throw FetchError("\(destination.name) has no property '\(join.destination)'")
      }
      conditions.append(
        dialect.quote(sub.graph.baseAlias) + "." + dialect.quote(target.column) + " = " + outer.sql)
    }
    return (sub, conditions)
  }

  /// A message about a path inside a flattened many-to-many, naming what was typed:
  /// `'group.nme'` as `'groups.nme'`.
  private static func named(_ error: FetchError, as step: JoinGraph.ToManyStep) -> FetchError {
    guard let (typed, through) = step.flattened else { return error }
    return FetchError(
      error.message.replacingOccurrences(of: "'\(through).", with: "'\(typed).")
        .replacingOccurrences(of: "'\(through)'", with: "'\(typed)'"))
  }

  private mutating func comparison(
    _ path: PropertyPath, _ op: ComparisonOperator,
    _ value: QualifierValue
  ) throws(FetchError) -> String {
    if let step = graph.firstToMany(in: path) {
      return try exists(step, .comparison(step.rest, op, value))
    }
    if value == .null, op == .equal || op == .notEqual, let related = try relatedRowsCondition(path) {
      return op == .equal ? "NOT " + related : related
    }
    let column = try graph.column(for: path)
    let name = path.description
    switch (op, value) {
    case (.equal, .null):
      return column.sql + " IS NULL"
    case (.notEqual, .null):
      return column.sql + " IS NOT NULL"
    case (.in, .list(let items)):
      guard !items.isEmpty else { return "1 = 0" }
      let placeholders = try items.map { item throws(FetchError) in
        try bind(ValueCoercion.value(item, for: column.attribute, named: name))
      }
      return column.sql + " IN (" + placeholders.joined(separator: ", ") + ")"
    case (.in, _):
      throw FetchError("'\(name) in': expected a list of values in parentheses")
    case (.like, _), (.caseInsensitiveLike, _):
      guard case .string(let pattern) = value else {
        throw FetchError("'\(name) \(op.rawValue)': expected a text pattern")
      }
      return try likeCondition(column, op, pattern: pattern, named: name)
    case (_, .list):
      throw FetchError("'\(name) \(op.rawValue)': a list of values needs 'in'")
    case (.equal, .bool(let truth)) where column.attribute.valueType.isText,
      (.notEqual, .bool(let truth)) where column.attribute.valueType.isText:
      let words = truth ? ["1", "t", "true", "y", "yes", "on"] : ["0", "f", "false", "n", "no", "off"]
      let placeholders = words.map { bind(.text($0)) }.joined(separator: ", ")
      return "lower(" + column.sql + ")" + (op == .equal ? " IN (" : " NOT IN (") + placeholders + ")"
    default:
      let placeholder = try bind(ValueCoercion.value(value, for: column.attribute, named: name))
      return column.sql + " " + sqlOperator(op) + " " + placeholder
    }
  }

  /// `true` against a text column means the usual spellings: `'1'`, `'t'`, `'yes'`, `'Y'`…
  /// (SQLite has no boolean type; schemas store flags as text, like Sakila's `active`).
  /// `*` and `?` become `%` and `_`, `\*` and `\?` are literal; the user's own `%`, `_` and
  /// `\` are escaped (`WildcardPattern`).
  /// A pattern over SQLite's 50,000 bytes is refused here, naming the key, rather than by
  /// SQLite as "LIKE or GLOB pattern too complex" once the query runs.
  private mutating func likeCondition(
    _ column: JoinGraph.Column, _ op: ComparisonOperator, pattern: String,
    named name: String
  ) throws(FetchError) -> String {
    let caseInsensitive = op == .caseInsensitiveLike
    var target: String
    if case .text = column.attribute.valueType {
      target = column.sql
    } else {
      target = "CAST(" + column.sql + (dialect == .mysql ? " AS CHAR)" : " AS TEXT)")
    }
    let glob = dialect == .sqlite && !caseInsensitive
    let sqlPattern = glob ? WildcardPattern.sqliteGlob(pattern) : WildcardPattern.sqlLike(pattern)
    if dialect == .sqlite, sqlPattern.utf8.count > Self.sqliteMaximumPatternBytes {
      throw FetchError(
        "'\(name) \(op.rawValue)': the pattern is \(sqlPattern.utf8.count) bytes long; SQLite takes at most "
          + "\(Self.sqliteMaximumPatternBytes)")
    }
    if glob {
      return target + " GLOB " + bind(.text(sqlPattern))
    }
    if dialect == .mysql {
      // Case follows the column's collation in MySQL: lowered for `ilike`, compared as
      // bytes for `like`. `\` is MySQL's default escape.
      return caseInsensitive
        ? "LOWER(" + target + ") LIKE LOWER(" + bind(.text(sqlPattern)) + ")"
        : target + " LIKE BINARY " + bind(.text(sqlPattern))
    }
    let keyword = caseInsensitive ? dialect.caseInsensitiveLike : "LIKE"
    return target + " " + keyword + " " + bind(.text(sqlPattern)) + " ESCAPE '\\'"
  }

  /// SQLite's `SQLITE_MAX_LIKE_PATTERN_LENGTH` as it is built by default.
  static let sqliteMaximumPatternBytes = 50_000

  mutating func bind(_ value: DatabaseValue) -> String {
    bindings.append(value)
    return dialect.placeholder(bindings.count - 1)
  }

  private func sqlOperator(_ op: ComparisonOperator) -> String {
    switch op {
    case .equal: return "="
    case .notEqual: return "<>"
    case .less: return "<"
    case .lessOrEqual: return "<="
    case .greater: return ">"
    case .greaterOrEqual: return ">="
    case .like: return "LIKE"
    case .caseInsensitiveLike: return dialect.caseInsensitiveLike
    case .in: return "IN"
    }
  }
}

extension ValueType {
  /// Text of any length (`text`, `varchar(n)`, `char(n)`).
  public var isText: Bool {
    if case .text = self { return true }
    return false
  }

  /// A date or a timestamp: what groups by year, month, day or hour.
  public var isDateOrTimestamp: Bool {
    switch self {
    case .date, .timestamp: return true
    default: return false
    }
  }
}
