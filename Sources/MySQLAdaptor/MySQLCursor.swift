import Access

/// A statement's rows read in batches; a query's result stays on the server (a read-only
/// server-side cursor), so the connection can run other statements while it is open. A
/// procedure (`CALL`) gives each of its results in turn (`nextResult`).
final class MySQLCursor: ResultCursor {
  private let channel: MySQLChannel
  private var prepared: MySQLStatement?
  private var labels: [String]
  private(set) var columns: [ResultColumn]
  /// The statement already stands at its next result, which has rows.
  private(set) var hasMoreResults = false
  private let mode: CursorMode
  private var ownsTransaction = false
  private(set) var rowsAffected: Int?
  private(set) var warnings: [String] = []
  private(set) var isDone = false

  init(channel: MySQLChannel, statement: SQLStatement, mode: CursorMode) throws {
    self.channel = channel
    self.mode = mode
    switch mode {
    case .asIs: break
    case .readOnly:
      if !channel.inTransaction {
        try channel.executeScript("START TRANSACTION READ ONLY")
        ownsTransaction = true
      }
    case .openTransaction:
      if !channel.inTransaction { try channel.begin() }
    }
    do {
      let prepared = try channel.log.measure(statement) { try channel.run(statement, cursor: true) }
      self.prepared = prepared
      labels = prepared.fields.map(\.name)
      columns = Self.columns(of: prepared)
      if !prepared.hasResult {
        rowsAffected = prepared.affectedRows
        isDone = true
        warnings = try channel.warnings()
      }
    } catch {
      if ownsTransaction { try? channel.executeScript("ROLLBACK") }
      ownsTransaction = false
      throw error
    }
  }

  deinit {
    close()
  }

  private static func columns(of prepared: MySQLStatement) -> [ResultColumn] {
    prepared.fields.map { field in
      ResultColumn(
        name: field.name, typeName: MySQLTypes.name(of: field), valueType: field.hint ?? field.valueType,
        origin: field.table.isEmpty
          ? nil
          : ResultColumn.Origin(
            schema: field.schema.isEmpty ? nil : field.schema, table: field.table,
            column: field.column.isEmpty ? nil : field.column))
    }
  }

  func nextResult() throws {
    guard hasMoreResults, let prepared else {
      throw DatabaseError(.statement, "the statement has no further result")
    }
    hasMoreResults = false
    labels = prepared.fields.map(\.name)
    columns = Self.columns(of: prepared)
    isDone = false
  }

  /// At the end of a result: the statement moves on to its next one with rows, if any; the
  /// status that ends a procedure gives the rows it changed.
  private func advance(_ prepared: MySQLStatement) throws {
    while try prepared.nextResult() {
      if prepared.hasResult {
        hasMoreResults = true
        return
      }
      rowsAffected = prepared.affectedRows
    }
  }

  var isReadOnly: Bool? {
    if mode == .readOnly { return true }
    return rowsAffected == nil ? (isDone || !columns.isEmpty ? true : nil) : false
  }

  func next(_ count: Int) throws -> [Row] {
    guard let prepared, !isDone else { return [] }
    var rows: [Row] = []
    do {
      while rows.count < count, let values = try prepared.next() {
        rows.append(Row(columns: labels, values: values))
      }
      try channel.checkCancelled(prepared.sql)
    } catch {
      isDone = true
      throw channel.checked(error, sql: prepared.sql)
    }
    if rows.count < count {
      isDone = true
      do {
        try advance(prepared)
      } catch {
        throw channel.checked(error, sql: prepared.sql)
      }
    }
    return rows
  }

  func close() {
    prepared?.finish()
    prepared?.close()
    prepared = nil
    isDone = true
    if ownsTransaction {
      ownsTransaction = false
      try? channel.executeScript("COMMIT")
    }
  }
}
