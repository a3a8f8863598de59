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

/// One prepared `INSERT` of an import, bound column by column (as `SQLiteChannel.bind`
/// binds) and stepped row after row: text from the field's bytes, no value array per row. Its
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
    note(SQLiteChannel.bind(value, to: statement, at: Int32(position + 1), scratch: &scratch))
  }

  func bindText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    note(SQLiteChannel.bindText(bytes, to: statement, at: Int32(position + 1)))
  }

  /// The first binding that failed, for `insert` to throw.
  private func note(_ rc: Int32) {
    if rc != SQLITE_OK, bindFailure == SQLITE_OK { bindFailure = rc }
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
