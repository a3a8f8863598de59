import Access
import CSQLite3

extension SQLiteChannel: InsertingChannel {
  func rowInserter(_ sql: String) throws -> any RowInserter {
    guard let db else { throw DatabaseError(.connectionLost, "the SQLite database is closed") }
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw error(code: rc, sql: sql) }
    return SQLiteRowInserter(channel: self, statement: stmt, sql: sql)
  }
}

/// One prepared `INSERT` of an import, bound column by column and stepped row after row:
/// text from the field's bytes, timestamps from their digits, no value array per row. Its
/// own statement (not the channel's cache, which may finalize it); logged once, at `finish`.
final class SQLiteRowInserter: RowInserter {
  private let channel: SQLiteChannel
  private var statement: OpaquePointer?
  private let sql: String
  private var scratch: [UInt8] = []
  private var bindFailure: Int32 = SQLITE_OK
  private var rows = 0
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant

  init(channel: SQLiteChannel, statement: OpaquePointer, sql: String) {
    self.channel = channel
    self.statement = statement
    self.sql = sql
    scratch.reserveCapacity(40)
    started = clock.now
  }

  deinit { sqlite3_finalize(statement) }

  func bind(_ position: Int, _ value: DatabaseValue) {
    let index = Int32(position + 1)
    let rc: Int32
    switch value {
    case .null: rc = sqlite3_bind_null(statement, index)
    case .integer(let number): rc = sqlite3_bind_int64(statement, index, number)
    case .real(let number): rc = sqlite3_bind_double(statement, index, number)
    case .bool(let flag): rc = sqlite3_bind_int64(statement, index, flag ? 1 : 0)
    case .timestamp(let stamp):
      scratch.removeAll(keepingCapacity: true)
      stamp.appendDescription(to: &scratch)
      rc = scratch.withUnsafeBufferPointer { text($0, index) }
    case .blob(let bytes):
      rc = bytes.withUnsafeBytes { buffer in
        sqlite3_bind_blob64(
          statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(buffer.count),
          csqlite_transient())
      }
    default:
      var literal = value.literalText
      rc = literal.withUTF8 { text($0, index) }
    }
    if rc != SQLITE_OK, bindFailure == SQLITE_OK { bindFailure = rc }
  }

  func bindText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    let rc = text(bytes, Int32(position + 1))
    if rc != SQLITE_OK, bindFailure == SQLITE_OK { bindFailure = rc }
  }

  private func text(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int32) -> Int32 {
    sqlite3_bind_text64(
      statement, index,
      UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1))?.assumingMemoryBound(to: CChar.self),
      sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
  }

  func insert() throws {
    guard bindFailure == SQLITE_OK else {
      defer { bindFailure = SQLITE_OK }
      throw channel.error(code: bindFailure, sql: sql)
    }
    let rc = sqlite3_step(statement)
    guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
      let refusal = channel.error(code: rc, sql: sql)
      sqlite3_reset(statement)
      throw refusal
    }
    sqlite3_reset(statement)
    rows += 1
  }

  var endedTransaction: Bool { channel.db.map { sqlite3_get_autocommit($0) != 0 } ?? true }

  func finish() {
    sqlite3_finalize(statement)
    statement = nil
    channel.log.record(SQLStatement(sql + " -- × \(rows) rows"), duration: clock.now - started, rowCount: rows)
  }
}
