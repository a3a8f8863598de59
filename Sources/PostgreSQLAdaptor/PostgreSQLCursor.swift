import Access
import CLibPQ

/// A statement's result read in libpq's single-row mode: each `next` takes rows off the
/// socket as the caller asks, so the server waits (TCP backpressure) instead of the client
/// holding the result. Works for any statement, not only `SELECT` (a `DECLARE CURSOR`
/// would refuse `INSERT … RETURNING`, `SHOW`, `EXPLAIN`).
final class PostgreSQLCursor: ResultCursor {
  private let channel: PostgreSQLChannel
  private let connection: OpaquePointer
  private let sql: String
  private let mode: CursorMode
  /// Whether this cursor began the transaction it runs in.
  private var ownsTransaction = false
  private var pending: OpaquePointer?
  private var names: [String] = []
  private var types: [ValueType?] = []
  private(set) var columns: [ResultColumn] = []
  private(set) var rowsAffected: Int?
  private(set) var isDone = false
  private var isClosed = false

  init(channel: PostgreSQLChannel, statement: SQLStatement, mode: CursorMode) throws {
    self.channel = channel
    connection = try channel.open()
    sql = statement.sql
    self.mode = mode
    let idle = PQtransactionStatus(connection) == PQTRANS_IDLE
    switch mode {
    case .asIs: break
    case .readOnly:
      try channel.executeScript(idle ? "BEGIN READ ONLY" : "SET TRANSACTION READ ONLY")
      ownsTransaction = idle
    case .openTransaction:
      if idle { try channel.executeScript("BEGIN") }
    }
    let sent = withCStrings(statement.bindings.map(PostgreSQLChannel.parameterText)) { parameters in
      PQsendQueryParams(
        connection, statement.sql, Int32(parameters.count), nil, parameters, nil, nil, 0)
    }
    guard sent == 1 else {
      let error = channel.error(result: nil, sql: statement.sql)
      endOwnTransaction(rollbackOpen: idle)
      throw error
    }
    PQsetSingleRowMode(connection)
    do {
      try read(first: statement.resultTypes)
    } catch {
      endOwnTransaction(rollbackOpen: idle)
      throw error
    }
  }

  deinit { close() }

  var isReadOnly: Bool? { mode == .readOnly ? true : nil }

  /// Reads the next result: a row becomes pending, or the statement is done.
  private func read(first hints: [ValueType?]? = nil) throws {
    guard let result = PQgetResult(connection) else {
      isDone = true
      return
    }
    let status = PQresultStatus(result)
    if status == PGRES_SINGLE_TUPLE || status == PGRES_TUPLES_OK {
      if columns.isEmpty && PQnfields(result) > 0 {
        describe(result, hints: hints)
      }
    }
    switch status {
    case PGRES_SINGLE_TUPLE:
      pending = result
    case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
      let tag = String(cString: PQcmdStatus(result)).split(separator: " ").first ?? ""
      if ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(tag) {
        rowsAffected = Int(String(cString: PQcmdTuples(result)))
      }
      PQclear(result)
      drain()
      isDone = true
    default:
      let error = channel.error(result: result, sql: sql)
      PQclear(result)
      drain()
      isDone = true
      throw error
    }
  }

  private func describe(_ result: OpaquePointer, hints: [ValueType?]?) {
    names = PostgreSQLChannel.columnNames(result)
    types = PostgreSQLChannel.columnTypes(result, hints: hints)
    columns = names.indices.map { index in
      let oid = PQftype(result, Int32(index))
      let table = UInt32(PQftable(result, Int32(index)))
      let number = Int(PQftablecol(result, Int32(index)))
      return ResultColumn(
        name: names[index], typeName: PostgreSQLChannel.typeName(oid: oid), valueType: types[index],
        origin: table == 0 || number <= 0 ? nil : ResultColumn.Origin(tableOID: table, columnNumber: number))
    }
  }

  func next(_ count: Int) throws -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(min(count, 4096))
    while rows.count < count, let result = pending {
      rows.append(Row(columns: names, values: PostgreSQLChannel.decodeRow(result, types: types)))
      PQclear(result)
      pending = nil
      try read()
    }
    return rows
  }

  /// Reads and drops what is left of the current statement's results.
  private func drain() {
    while let result = PQgetResult(connection) { PQclear(result) }
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    defer { channel.pgCanceller.reset() }
    if let pending { PQclear(pending) }
    pending = nil
    if !isDone {
      channel.pgCanceller.interrupt()
      drain()
      isDone = true
    }
    endOwnTransaction(rollbackOpen: false)
  }

  /// Ends a read-only transaction this cursor began; with `rollbackOpen`, also an open
  /// transaction it began for a statement that failed before running.
  private func endOwnTransaction(rollbackOpen: Bool) {
    if ownsTransaction || (rollbackOpen && mode == .openTransaction) {
      ownsTransaction = false
      try? channel.rollback()
    }
  }
}

extension PostgreSQLChannel {
  func openCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any ResultCursor {
    try log.measure(statement) { try PostgreSQLCursor(channel: self, statement: statement, mode: mode) }
  }

  /// The type's `pg_type` name for the built-in types (`numeric`, `_text` as `text[]`);
  /// `oid N` for others (enums, domains), never a query while a result is streaming.
  static func typeName(oid: UInt32) -> String {
    if let name = PostgreSQLTypes.namesByOID[oid] { return name }
    if let element = PostgreSQLTypes.arrayElements[oid] { return typeName(oid: element) + "[]" }
    return "oid \(oid)"
  }
}
