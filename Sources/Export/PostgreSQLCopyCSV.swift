import Access

/// The CSV export through PostgreSQL's `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`, used
/// when the server's CSV is byte for byte the writer's (see `CSVExportWriter`): NULL an
/// empty field, an empty string `""`, the same quoting. The select list converts what
/// differs — booleans to `true`/`false`, timestamps to ISO 8601 with a `T`
/// (`replace(ts::text, ' ', 'T')`), blank-padded `char(n)` trimmed — and any other type
/// (floats, `timestamptz`, arrays, enums, intervals) makes the export take the cursor path.
/// COPY takes no parameters, so a filtered export (bound values) takes the cursor path too:
/// values are never spliced into SQL.
struct PostgreSQLCopyCSV {
  let database: Database

  /// The `COPY` statement for `statement` with columns `labels`, or nil when the cursor
  /// path must be taken.
  func copyStatement(for statement: SQLStatement, labels: [String]) throws -> String? {
    guard database.dialect == .postgresql, statement.bindings.isEmpty else { return nil }
    var columns: [ResultColumn] = []
    try database.stream(
      SQLStatement("SELECT * FROM (" + statement.sql + ") AS q LIMIT 0"), mode: .asIs
    ) { cursor, _ in
      columns = cursor.columns
      return false
    }
    let dialect = database.dialect
    var expressions: [String] = []
    for label in labels {
      guard let column = columns.first(where: { $0.name == label }) else { return nil }
      let reference = "q." + dialect.quote(label)
      switch column.typeName {
      case "int2", "int4", "int8", "numeric", "text", "varchar", "name", "date", "time", "uuid",
        "json", "jsonb", "bytea":
        expressions.append(reference)
      case "bool":
        expressions.append(
          "CASE WHEN \(reference) THEN 'true' WHEN NOT \(reference) THEN 'false' END")
      case "timestamp":
        expressions.append("replace(\(reference)::text, ' ', 'T')")
      case "bpchar":
        expressions.append("rtrim(\(reference))")
      default:
        return nil
      }
    }
    return "COPY (SELECT " + expressions.joined(separator: ", ") + " FROM (" + statement.sql
      + ") AS q) TO STDOUT WITH (FORMAT csv)"
  }
}
