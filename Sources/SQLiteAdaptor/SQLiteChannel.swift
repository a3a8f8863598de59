import Access
import CSQLite3
import Foundation

/// One connection to a SQLite file, with prepared statements cached by SQL text.
///
/// Foreign keys are enforced (`PRAGMA foreign_keys = ON`) and a locked database is waited
/// for up to 5 s, or until the statement is cancelled (`SQLiteCanceller`). Use from one thread at a time; `canceller` works from any.
final class SQLiteChannel: AdaptorChannel {
  private(set) var db: OpaquePointer?
  private var statements: [String: OpaquePointer] = [:]
  private let sqliteCanceller: SQLiteCanceller
  let log: SQLLog
  let path: String
  /// The file opened (device and inode), to tell when it was deleted or replaced.
  private(set) var openedFile: FileIdentity?

  init(path: String, createIfMissing: Bool, readOnly: Bool, log: SQLLog, pageCacheKilobytes: Int? = nil) throws {
    self.path = path
    self.log = log
    let isMemory = path == ":memory:" || path.hasPrefix("file:")
    if !isMemory && !createIfMissing && !FileManager.default.fileExists(atPath: path) {
      throw DatabaseError(.connection, "SQLite database not found: \(path)")
    }
    var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if createIfMissing && !readOnly { flags |= SQLITE_OPEN_CREATE }
    if path.hasPrefix("file:") { flags |= SQLITE_OPEN_URI }
    var handle: OpaquePointer?
    let rc = sqlite3_open_v2(path, &handle, flags, nil)
    guard rc == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw DatabaseError(.connection, "cannot open SQLite database \(path): \(reason)")
    }
    db = handle
    openedFile = isMemory ? nil : FileIdentity(path: path)
    sqliteCanceller = SQLiteCanceller(db: handle)
    sqlite3_extended_result_codes(handle, 1)
    sqliteCanceller.installBusyHandler(on: handle)
    if !readOnly, sqlite3_db_readonly(handle, "main") == 1 {
      let lowered = path.lowercased()
      readOnlyReason =
        lowered.contains("immutable=1")
        ? "the file is opened immutable (immutable=1)"
        : lowered.contains("mode=ro") ? "the file is opened read-only (mode=ro)" : "the file is not writable"
    }
    do {
      try executeScript("PRAGMA foreign_keys = ON")
      if let pageCacheKilobytes { try executeScript("PRAGMA cache_size = -\(max(1, pageCacheKilobytes))") }
      _ = try query(SQLStatement("SELECT count(*) FROM sqlite_schema"))
    } catch let error as DatabaseError {
      close()
      throw DatabaseError(.connection, "cannot open SQLite database \(path): \(error.message)")
    }
  }

  deinit {
    close()
  }

  var dialect: SQLDialect { .sqlite }

  /// A file SQLite opened read-only though d2t asked for writing: a `mode=ro` or
  /// `immutable=1` URI, or a file (or folder) this user may not write.
  private(set) var readOnlyReason: String?

  var canceller: any QueryCanceller { sqliteCanceller }

  /// A cancel ended the statement's wait for a lock.
  var sqliteCancellerWasCancelled: Bool { sqliteCanceller.wasCancelled }

  var rawHandle: OpaquePointer? { db }

  func close() {
    guard let db else { return }
    sqliteCanceller.detach()
    for statement in statements.values { sqlite3_finalize(statement) }
    statements.removeAll()
    sqlite3_close_v2(db)
    self.db = nil
  }

  // MARK: - Statements

  func query(_ statement: SQLStatement, row: (Row) throws -> Bool) throws {
    try log.measure(statement, rowCount: { $0 }) {
      let stmt = try prepared(statement.sql)
      defer { sqlite3_reset(stmt) }
      try bind(statement.bindings, to: stmt, sql: statement.sql)
      let count = Int(sqlite3_column_count(stmt))
      let columns = (0..<count).map { String(cString: sqlite3_column_name(stmt, Int32($0))) }
      let hints = statement.resultTypes
      var rows = 0
      while true {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_DONE { break }
        guard rc == SQLITE_ROW else { throw error(code: rc, sql: statement.sql) }
        var values: [DatabaseValue] = []
        values.reserveCapacity(count)
        for index in 0..<count {
          let hint = hints.flatMap { index < $0.count ? $0[index] : nil }
          values.append(column(stmt, Int32(index), as: hint))
        }
        rows += 1
        if try !row(Row(columns: columns, values: values)) { break }
      }
      return rows
    }
  }

  @discardableResult
  func execute(_ statement: SQLStatement) throws -> Int {
    try log.measure(statement, rowCount: { $0 }) {
      let stmt = try prepared(statement.sql)
      defer { sqlite3_reset(stmt) }
      try bind(statement.bindings, to: stmt, sql: statement.sql)
      var rc = sqlite3_step(stmt)
      while rc == SQLITE_ROW { rc = sqlite3_step(stmt) }
      guard rc == SQLITE_DONE else { throw error(code: rc, sql: statement.sql) }
      return Int(sqlite3_changes(db))
    }
  }

  func executeScript(_ sql: String) throws {
    try log.measure(SQLStatement(sql)) { () throws -> Void in
      var message: UnsafeMutablePointer<CChar>?
      let rc = sqlite3_exec(db, sql, nil, nil, &message)
      defer { sqlite3_free(message) }
      guard rc == SQLITE_OK else { throw error(code: rc, sql: sql) }
    }
  }

  func executeBatch(_ sql: String, rows: [[DatabaseValue]]) throws {
    let logged = SQLStatement(sql + " -- × \(rows.count) rows")
    try log.measure(logged) { () throws -> Void in
      let stmt = try prepared(sql)
      defer { sqlite3_reset(stmt) }
      for values in rows {
        try bind(values, to: stmt, sql: sql)
        let rc = sqlite3_step(stmt)
        sqlite3_reset(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw error(code: rc, sql: sql) }
      }
    }
  }

  func begin() throws { try executeScript("BEGIN IMMEDIATE") }
  func commit() throws { try executeScript("COMMIT") }
  func rollback() throws {
    if sqlite3_get_autocommit(db) == 0 { try executeScript("ROLLBACK") }
  }

  // MARK: - Preparing, binding, reading

  private func prepared(_ sql: String) throws -> OpaquePointer {
    if let cached = statements[sql] { return cached }
    guard let db else { throw DatabaseError(.connectionLost, "the SQLite database is closed") }
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw error(code: rc, sql: sql) }
    if statements.count >= 128 {
      for old in statements.values { sqlite3_finalize(old) }
      statements.removeAll()
    }
    statements[sql] = stmt
    return stmt
  }

  func bind(_ values: [DatabaseValue], to stmt: OpaquePointer, sql: String) throws {
    sqlite3_clear_bindings(stmt)
    var scratch: [UInt8] = []
    for (offset, value) in values.enumerated() {
      let rc = Self.bind(value, to: stmt, at: Int32(offset + 1), scratch: &scratch)
      guard rc == SQLITE_OK else { throw error(code: rc, sql: sql) }
    }
  }

  /// Binds one value at `index` (1-based): a timestamp from its digits (written into
  /// `scratch`), other text made once and bound from its UTF-8 bytes (SQLite copies them).
  static func bind(
    _ value: DatabaseValue, to stmt: OpaquePointer?, at index: Int32, scratch: inout [UInt8]
  ) -> Int32 {
    switch value {
    case .null: return sqlite3_bind_null(stmt, index)
    case .integer(let v): return sqlite3_bind_int64(stmt, index, v)
    case .real(let v): return sqlite3_bind_double(stmt, index, v)
    case .bool(let b): return sqlite3_bind_int64(stmt, index, b ? 1 : 0)
    case .blob(let bytes):
      return bytes.withUnsafeBytes { buffer in
        sqlite3_bind_blob64(
          stmt, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(buffer.count),
          csqlite_transient())
      }
    case .timestamp(let stamp):
      scratch.removeAll(keepingCapacity: true)
      stamp.appendDescription(to: &scratch)
      return scratch.withUnsafeBufferPointer { bindText($0, to: stmt, at: index) }
    default:
      var text = value.literalText
      return text.withUTF8 { bindText($0, to: stmt, at: index) }
    }
  }

  /// Binds UTF-8 `bytes` as text at `index` (SQLite copies them).
  static func bindText(_ bytes: UnsafeBufferPointer<UInt8>, to stmt: OpaquePointer?, at index: Int32) -> Int32 {
    sqlite3_bind_text64(
      stmt, index,
      UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1))?.assumingMemoryBound(to: CChar.self),
      sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
  }

  func column(_ stmt: OpaquePointer, _ index: Int32, as hint: ValueType?) -> DatabaseValue {
    switch sqlite3_column_type(stmt, index) {
    case SQLITE_NULL:
      return .null
    case SQLITE_INTEGER:
      // An integer in a text-typed column can only be in one without a declared type (TEXT
      // affinity stores numbers as text), which keeps each row's storage class: the integer
      // stays one, so that a key read from it names its row, not a row holding the text '1'.
      let value = sqlite3_column_int64(stmt, index)
      switch hint {
      case .boolean: return .bool(value != 0)
      case .decimal: return .decimal(String(value))
      case .double: return .real(Double(value))
      default: return .integer(value)
      }
    case SQLITE_FLOAT:
      // What is stored, exactly: a REAL stays a double (3.5 in an INTEGER column, 1e308 in
      // a DECIMAL one), but for a decimal whose text reads back as the very same double.
      let double = sqlite3_column_double(stmt, index)
      if case .decimal = hint, let text = normalizedDecimal(columnText(stmt, index)), Double(text) == double {
        return .decimal(text)
      }
      return .real(double)
    case SQLITE_TEXT:
      // Text that is not UTF-8 (SQLite stores what it is given) stays its bytes: decoded,
      // its bad bytes would become U+FFFD and a save would write those instead.
      guard let text = validText(stmt, index) else { return .blob(columnBytes(stmt, index)) }
      return hint?.decode(text: text) ?? .text(text)
    default:
      let count = Int(sqlite3_column_bytes(stmt, index))
      guard count > 0, let pointer = sqlite3_column_blob(stmt, index) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
    }
  }

  /// `column` read in place (`BorrowedValue`): NULLs, integers, booleans, plain ASCII text
  /// and well-formed timestamps without an allocation; anything else through `column`, so
  /// every value means what `column` gives.
  @inline(__always)
  func borrowedColumn(_ stmt: OpaquePointer, _ index: Int32, as hint: ValueType?) -> BorrowedValue {
    switch sqlite3_column_type(stmt, index) {
    case SQLITE_NULL:
      return .null
    case SQLITE_INTEGER:
      switch hint {
      case .boolean: return .bool(sqlite3_column_int64(stmt, index) != 0)
      case .decimal, .double: break
      default: return .integer(sqlite3_column_int64(stmt, index))
      }
    case SQLITE_TEXT:
      if let pointer = sqlite3_column_text(stmt, index),
        let borrowed = hint.borrow(
          text: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(stmt, index))))
      {
        return borrowed
      }
    default:
      break
    }
    return .value(column(stmt, index, as: hint))
  }

  /// The column's text, or nil when its bytes are not UTF-8.
  private func validText(_ stmt: OpaquePointer, _ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(stmt, index) else { return "" }
    let count = Int(sqlite3_column_bytes(stmt, index))
    return String(validating: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  private func columnBytes(_ stmt: OpaquePointer, _ index: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(stmt, index))
    guard count > 0, let pointer = sqlite3_column_blob(stmt, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  private func columnText(_ stmt: OpaquePointer, _ index: Int32) -> String {
    guard let pointer = sqlite3_column_text(stmt, index) else { return "" }
    let count = Int(sqlite3_column_bytes(stmt, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }
}

extension SQLiteChannel: BorrowingChannel {
  func openCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any ResultCursor {
    try log.measure(statement) { try SQLiteCursor(channel: self, statement: statement, mode: mode) }
  }

  func openBorrowingCursor(_ statement: SQLStatement, mode: CursorMode) throws -> any BorrowingCursor {
    try log.measure(statement) { try SQLiteCursor(channel: self, statement: statement, mode: mode) }
  }
}

extension SQLiteChannel: DataVersionChannel {
  func dataVersion() throws -> Int64 {
    let rows = try query(SQLStatement("PRAGMA data_version"))
    return rows.first?[0].int64Value ?? 0
  }
}
