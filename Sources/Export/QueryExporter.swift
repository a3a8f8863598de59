import Access

/// A statement's result to export (the SQL console's `x`): the statement, run again in a
/// read-only transaction, and the result's columns to write in the order given.
public struct QueryExportRequest: Hashable, Sendable {
  public var statement: SQLStatement
  /// Positions of the result's columns to write, in order; nil for all as they come.
  public var columns: [Int]?
  /// The table SQL INSERTs name.
  public var table: String
  public var schema: String?
  public var format: ExportFormat
  /// How many rows the statement gives, when the caller knows (for the time left).
  public var expectedRows: Int?

  public init(
    statement: SQLStatement, columns: [Int]? = nil, table: String, schema: String? = nil, format: ExportFormat,
    expectedRows: Int? = nil
  ) {
    self.expectedRows = expectedRows
    self.statement = statement
    self.columns = columns
    self.table = table
    self.schema = schema
    self.format = format
  }
}

/// Streams a statement's result into a CSV, JSON Lines or SQL writer through a cursor
/// (`AdaptorChannel.openCursor` in read-only mode), a batch at a time, in constant memory.
/// The columns are labelled by the result's column names; `database.cancel()` from another
/// thread stops it (`.cancelled`).
public struct QueryExporter {
  public let database: Database
  public let request: QueryExportRequest

  public init(database: Database, request: QueryExportRequest) {
    self.database = database
    self.request = request
  }

  /// How many rows the statement gives: `expectedRows` when the caller knew, else a
  /// `count(*)` over it as a subquery (read only); nil when the statement cannot be one
  /// (`PRAGMA`, `SHOW`…) — the progress then has no time left.
  public func count() -> Int? {
    if let expected = request.expectedRows { return expected }
    var sql = request.statement.sql.trimmingCharacters(in: .whitespacesAndNewlines)
    while sql.hasSuffix(";") { sql = String(sql.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
    var statement = request.statement
    statement.sql = "SELECT count(*) FROM (\n" + sql + "\n) AS d2t_rows"
    statement.resultTypes = nil
    return try? database.withChannel { channel -> Int? in
      let cursor = try channel.openCursor(statement, mode: .readOnly)
      defer { cursor.close() }
      guard let value = try cursor.next(1).first?.values.first else { return nil }
      switch value {
      case .integer(let count): return Int(count)
      case .text(let text), .decimal(let text): return Int(text)
      default: return nil
      }
    }
  }

  /// Writes every row; calls `progress` with the rows written after each batch, and
  /// returns the total.
  @discardableResult
  public func run(
    into out: OutputBuffer, batchSize: Int = 2000, progress: (Int) -> Void = { _ in }
  ) throws -> Int {
    try database.withChannel { channel in
      let cursor = try channel.openCursor(request.statement, mode: .readOnly)
      defer { cursor.close() }
      let positions = request.columns ?? Array(cursor.columns.indices)
      guard positions.allSatisfy(cursor.columns.indices.contains) else {
        throw FetchError("the statement's result has other columns now (\(cursor.columns.count))")
      }
      let labels = positions.map { cursor.columns[$0].name }
      let dialect = database.dialect
      let writer = request.format.writer(
        into: out, dialect: dialect,
        quotedTable: dialect.quote(table: request.table, schema: request.schema), columns: labels)
      try writer.begin(columns: labels)
      var written = 0
      while case let rows = try cursor.next(batchSize), !rows.isEmpty {
        for row in rows { try writer.write(positions.map { row.values[$0] }) }
        written += rows.count
        progress(written)
      }
      try writer.end()
      return written
    }
  }
}
