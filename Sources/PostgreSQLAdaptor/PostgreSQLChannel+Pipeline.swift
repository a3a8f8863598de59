import Access
import CLibPQ

extension PostgreSQLChannel {
  /// Runs independent statements in one round trip with libpq's pipeline mode: they go to
  /// the server together, which works on the next while d2t decodes the rows of the one
  /// before. Each statement's rows whole, in statement order. The first statement that
  /// fails throws (the server skips the rest); where the connection cannot enter pipeline
  /// mode the statements run one after another.
  func queryPipelined(_ statements: [SQLStatement]) throws -> [[Row]] {
    let combined = SQLStatement(statements.map(\.sql).joined(separator: ";\n"))
    return try log.measure(combined, rowCount: { $0.reduce(0) { $0 + $1.count } }) {
      let connection = try open()
      guard PQenterPipelineMode(connection) == 1 else {
        return try statements.map { try query($0) }
      }
      defer {
        PQexitPipelineMode(connection)
        pgCanceller.reset()
      }
      var failure: DatabaseError?
      var sent = 0
      for statement in statements {
        let accepted = withCStrings(statement.bindings.map(Self.parameterText)) { parameters in
          PQsendQueryParams(
            connection, statement.sql, Int32(parameters.count), nil, parameters, nil, nil, 0)
        }
        guard accepted == 1 else {
          failure = error(result: nil, sql: statement.sql)
          break
        }
        sent += 1
      }
      // Whatever was sent is read to its end, so the connection leaves pipeline mode idle.
      if PQpipelineSync(connection) != 1, failure == nil {
        failure = error(result: nil, sql: combined.sql)
      }
      var results: [[Row]] = []
      for statement in statements.prefix(sent) {
        var rows: [Row] = []
        while let result = nextResult(connection) {
          defer { PQclear(result) }
          let status = PQresultStatus(result)
          // A single-row mode libpq keeps from the statement before still gives rows one
          // result each (libpq before 17).
          if status == PGRES_TUPLES_OK || status == PGRES_SINGLE_TUPLE {
            rows += Self.rows(of: result, hints: statement.resultTypes)
          } else if status != PGRES_COMMAND_OK, status != PGRES_PIPELINE_ABORTED, failure == nil {
            failure = error(result: result, sql: statement.sql)
          }
        }
        results.append(rows)
      }
      while let result = nextResult(connection) {
        let status = PQresultStatus(result)
        PQclear(result)
        if status == PGRES_PIPELINE_SYNC { break }
      }
      if let failure { throw failure }
      return results
    }
  }

  /// Every row of a whole result.
  static func rows(of result: OpaquePointer, hints: [ValueType?]?) -> [Row] {
    let columns = columnNames(result)
    let types = columnTypes(result, hints: hints)
    return (0..<PQntuples(result)).map { row in
      Row(columns: columns, values: decodeRow(result, types: types, row: row))
    }
  }
}
