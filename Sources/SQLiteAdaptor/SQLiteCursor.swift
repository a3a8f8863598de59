import Access
import CSQLite3

/// A statement stepped a batch at a time: one row in memory per step, never the result.
///
/// The statement is prepared on its own (not from the channel's cache) and finalized on
/// `close`; the first step runs in `open`, so a failing statement fails there.
final class SQLiteCursor: BorrowingCursor {
  private let channel: SQLiteChannel
  private var stmt: OpaquePointer?
  private let sql: String
  private let hints: [ValueType?]?
  private var hasPendingRow = false
  private let names: [String]
  let columns: [ResultColumn]
  let isReadOnly: Bool?
  private(set) var rowsAffected: Int?
  private(set) var isDone = false

  init(channel: SQLiteChannel, statement: SQLStatement, mode: CursorMode) throws {
    self.channel = channel
    sql = statement.sql
    hints = statement.resultTypes
    guard let db = channel.rawHandle else {
      throw DatabaseError(.connectionLost, "the SQLite database is closed")
    }
    var prepared: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let rc = statement.sql.withCString { text in
      let rc = sqlite3_prepare_v2(db, text, -1, &prepared, &tail)
      if rc == SQLITE_OK, let tail, let rest = String(validatingCString: tail),
        !rest.allSatisfy({ $0.isWhitespace || $0 == ";" })
      {
        return SQLITE_MISUSE
      }
      return rc
    }
    if rc == SQLITE_MISUSE {
      sqlite3_finalize(prepared)
      throw DatabaseError(.statement, "run one statement at a time", sql: statement.sql)
    }
    guard rc == SQLITE_OK, let prepared else {
      var error = channel.error(code: rc, sql: statement.sql)
      let offset = Int(sqlite3_error_offset(db))
      if offset >= 0 {
        error.position =
          String(decoding: statement.sql.utf8.prefix(offset), as: UTF8.self)
          .unicodeScalars.count
      }
      throw error
    }
    stmt = prepared
    let readOnly = sqlite3_stmt_readonly(prepared) != 0
    isReadOnly = readOnly
    let count = Int(sqlite3_column_count(prepared))
    names = (0..<count).map { String(cString: sqlite3_column_name(prepared, Int32($0))) }
    columns = (0..<count).map { index in
      let declared = sqlite3_column_decltype(prepared, Int32(index)).map { String(cString: $0) }
      let hint = statement.resultTypes.flatMap { index < $0.count ? $0[index] : nil }
      let table = sqlite3_column_table_name(prepared, Int32(index)).map { String(cString: $0) }
      let column = sqlite3_column_origin_name(prepared, Int32(index)).map { String(cString: $0) }
      return ResultColumn(
        name: String(cString: sqlite3_column_name(prepared, Int32(index))),
        typeName: declared ?? "",
        valueType: hint ?? declared.map { ValueType(sqliteDeclaredType: $0) },
        origin: table.map { ResultColumn.Origin(table: $0, column: column) })
    }
    do {
      switch mode {
      case .asIs: break
      case .readOnly:
        guard readOnly else {
          throw DatabaseError(
            .permission, "this statement changes data: not in a read-only session",
            code: String(SQLITE_READONLY), sql: statement.sql)
        }
      case .openTransaction:
        if sqlite3_get_autocommit(db) != 0 { try channel.executeScript("BEGIN") }
      }
      try channel.bind(statement.bindings, to: prepared, sql: statement.sql)
      try step()
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  func next(_ count: Int) throws -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(min(count, 4096))
    while rows.count < count, hasPendingRow, let stmt {
      var values: [DatabaseValue] = []
      values.reserveCapacity(columns.count)
      for index in columns.indices {
        values.append(channel.column(stmt, Int32(index), as: columns[index].valueType))
      }
      rows.append(Row(columns: names, values: values))
      try step()
    }
    return rows
  }

  func visit(_ count: Int, _ row: ([BorrowedValue]) throws -> Void) throws -> Int {
    let channel = channel
    let hints = columns.map(\.valueType)
    var values = [BorrowedValue](repeating: .null, count: hints.count)
    var read = 0
    while read < count, hasPendingRow, let stmt {
      values.withUnsafeMutableBufferPointer { values in
        for index in values.indices {
          values[index] = channel.borrowedColumn(stmt, Int32(index), as: hints[index])
        }
      }
      try row(values)
      read += 1
      try step()
    }
    return read
  }

  /// Steps once: a row becomes pending, or the statement is done.
  private func step() throws {
    guard let stmt else { return }
    let rc = sqlite3_step(stmt)
    if rc == SQLITE_ROW {
      hasPendingRow = true
      return
    }
    hasPendingRow = false
    guard rc == SQLITE_DONE else { throw channel.error(code: rc, sql: sql) }
    isDone = true
    if isReadOnly == false, let db = channel.rawHandle { rowsAffected = Int(sqlite3_changes(db)) }
  }

  func close() {
    guard let stmt else { return }
    sqlite3_finalize(stmt)
    self.stmt = nil
    hasPendingRow = false
  }
}
