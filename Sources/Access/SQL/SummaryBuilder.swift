import Foundation
import Qualifiers

/// The statements of a column summary, each over the same rows (the qualifier): counts;
/// extremes, mean and the mean of squares (numbers) or lengths (text); one nearest-rank
/// value per percentile (`ORDER BY … LIMIT 1 OFFSET k`, which every engine has); and a
/// histogram as one `CASE` over bucket bounds bound as parameters.
struct SummaryBuilder {
  let model: Model
  let entity: Entity
  let dialect: SQLDialect
  let path: PropertyPath
  let qualifier: Qualifier?

  /// The column, the FROM clause and the WHERE condition (with `extra`, ANDed) and bindings.
  private func parts(
    _ extra: ((String) -> String)? = nil
  ) throws(FetchError)
    -> (column: String, attribute: Attribute, from: String, condition: String, bindings: [DatabaseValue])
  {
    var graph = JoinGraph(model: model, base: entity, dialect: dialect)
    guard graph.firstToMany(in: path) == nil else {
      throw FetchError("'\(path)' crosses a to-many: its rows have no one value to summarise")
    }
    let column = try graph.column(for: path)
    var where_ = QualifierSQL(graph: graph, bindings: [])
    var conditions = try qualifier.map { qualifier throws(FetchError) in [try where_.condition(qualifier)] } ?? []
    if let extra { conditions.append(extra(column.sql)) }
    let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    return (column.sql, column.attribute, where_.graph.fromClause, condition, where_.bindings)
  }

  var attribute: Attribute? {
    var graph = JoinGraph(model: model, base: entity, dialect: dialect)
    return try? graph.column(for: path).attribute
  }

  /// The column as a double on every engine.
  private func real(_ column: String) -> String {
    switch dialect {
    case .postgresql: return "CAST(" + column + " AS DOUBLE PRECISION)"
    case .mysql: return "(" + column + " * 1.0E0)"
    default: return "(" + column + " * 1.0)"
    }
  }

  /// Rows, values and distinct values (0 for values that do not compare: JSON, arrays,
  /// binary and the database's own types, which PostgreSQL cannot tell apart).
  func counts(distinct: Bool) throws(FetchError) -> SQLStatement {
    let (column, _, from, condition, bindings) = try parts()
    return SQLStatement(
      "SELECT count(*), count(" + column + "), " + (distinct ? "count(DISTINCT " + column + ")" : "0") + " " + from
        + condition, bindings,
      resultTypes: [.integer(bits: 64), .integer(bits: 64), .integer(bits: 64)])
  }

  /// Numbers: min, max, mean, mean of squares. Text: min, max, and lengths and empty
  /// strings. Others: min and max.
  func extremes(_ kind: ColumnSummary.Kind) throws(FetchError) -> SQLStatement {
    let (column, attribute, from, condition, bindings) = try parts()
    var expressions = ["min(" + column + ")", "max(" + column + ")"]
    var types: [ValueType?] = [attribute.valueType, attribute.valueType]
    switch kind {
    case .number:
      let asReal = real(column)
      expressions += ["avg(" + asReal + ")", "avg(" + asReal + " * " + asReal + ")"]
      types += [.double, .double]
    case .text:
      // PostgreSQL's enums are text only once cast.
      let text = dialect == .postgresql ? "CAST(" + column + " AS TEXT)" : column
      let length = (dialect == .mysql ? "char_length(" : "length(") + text + ")"
      expressions += [
        "min(" + length + ")", "max(" + length + ")", "avg(" + length + " * 1.0)",
        "sum(CASE WHEN " + text + " = '' THEN 1 ELSE 0 END)",
      ]
      types += [.integer(bits: 64), .integer(bits: 64), .double, .integer(bits: 64)]
    case .temporal, .boolean, .related, .other:
      break
    }
    return SQLStatement(
      "SELECT " + expressions.joined(separator: ", ") + " " + from + condition, bindings, resultTypes: types)
  }

  /// The value at rank `offset` (0-based) of the sorted non-NULL values.
  func value(atRank offset: Int) throws(FetchError) -> SQLStatement {
    let (column, attribute, from, condition, conditionBindings) = try parts { $0 + " IS NOT NULL" }
    var bindings = conditionBindings
    bindings.append(.integer(Int64(max(0, offset))))
    return SQLStatement(
      "SELECT " + column + " " + from + condition + " ORDER BY " + column + " LIMIT 1 OFFSET "
        + dialect.placeholder(bindings.count - 1), bindings, resultTypes: [attribute.valueType])
  }

  /// Rows per bucket: `bounds` are the buckets' lower bounds after the first (values below
  /// the first bound fall in bucket 0, at or above the last in the last).
  /// `numeric`: the column is compared as a double (PostgreSQL infers a bound's type from
  /// the column: `2.5` is no integer).
  func histogram(bounds: [DatabaseValue], numeric: Bool) throws(FetchError) -> SQLStatement {
    let (column, _, from, condition, conditionBindings) = try parts { $0 + " IS NOT NULL" }
    var bindings = conditionBindings
    let compared = numeric ? real(column) : column
    var cases = "CASE"
    for (index, bound) in bounds.enumerated() {
      bindings.append(bound)
      cases += " WHEN " + compared + " < " + dialect.placeholder(bindings.count - 1) + " THEN \(index)"
    }
    cases += " ELSE \(bounds.count) END"
    let bucket = dialect.quote("bucket")
    return SQLStatement(
      "SELECT " + bucket + ", count(*) FROM (SELECT " + cases + " AS " + bucket + " " + from + condition + ") AS "
        + dialect.quote("b") + " GROUP BY " + bucket + " ORDER BY " + bucket, bindings,
      resultTypes: [.integer(bits: 64), .integer(bits: 64)])
  }
}
