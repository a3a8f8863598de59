import Qualifiers

/// Translates a qualifier into a WHERE condition: every value a parameter, every
/// identifier quoted, key paths across to-one relationships joined.
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
      return try "(" + parts.map { q throws(FetchError) in try condition(q) }
        .joined(separator: " AND ") + ")"
    case .or(let parts):
      guard !parts.isEmpty else { return "1 = 0" }
      return try "(" + parts.map { q throws(FetchError) in try condition(q) }
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
    }
  }

  private mutating func comparison(_ path: PropertyPath, _ op: ComparisonOperator,
    _ value: QualifierValue) throws(FetchError) -> String
  {
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
      return likeCondition(column, pattern: pattern, caseInsensitive: op == .caseInsensitiveLike)
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
  private mutating func likeCondition(_ column: JoinGraph.Column, pattern: String,
    caseInsensitive: Bool) -> String
  {
    let target: String
    if case .text = column.attribute.valueType {
      target = column.sql
    } else {
      target = "CAST(" + column.sql + " AS TEXT)"
    }
    if dialect == .sqlite && !caseInsensitive {
      return target + " GLOB " + bind(.text(WildcardPattern.sqliteGlob(pattern)))
    }
    let sqlPattern = WildcardPattern.sqlLike(pattern)
    let op = caseInsensitive ? dialect.caseInsensitiveLike : "LIKE"
    return target + " " + op + " " + bind(.text(sqlPattern)) + " ESCAPE '\\'"
  }

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
  var isText: Bool {
    if case .text = self { return true }
    return false
  }
}
