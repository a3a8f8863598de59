import Access
import History
import Foundation
import Synchronization

/// The SQL console's connection, kept by the console lane between steps (a `LaneResource`):
/// opened on first use (a connection of its own, so a console statement never holds up
/// pages), it keeps the console's statement open between steps — a cursor read a batch at
/// a time, at most one batch in memory here — and the transaction of a data-changing
/// statement until Commit or Rollback.
///
/// Used from the console lane's serial queue; `cancel()` may come from any thread.
final class ConsoleSession: LaneResource, @unchecked Sendable {
  private let opener: @Sendable () throws -> Database
  private let database = Mutex<Database?>(nil)
  /// A connection that names where PostgreSQL result columns come from (table OIDs), so
  /// password-like ones are masked; the console's own is busy reading the result.
  private var catalog: Database?
  private var cursor: (any ResultCursor)?
  private var statement = SQLStatement("")
  private var mode = CursorMode.readOnly
  /// Rows read from the cursor so far.
  private var position = 0
  private var columns: [ResultColumn] = []
  private var rowsAffected: Int?
  private var warnings: [String] = []
  /// Which of the statement's results the cursor stands at (0 for the first).
  private var resultIndex = 0
  private var transactionOpen = false
  /// The page whose statement this is.
  private var owner: PageID?
  /// A SQLite query's cursor closed between steps (`pause`): the next read runs it again.
  private var paused = false

  init(opener: @escaping @Sendable () throws -> Database) {
    self.opener = opener
  }

  private func connection() throws -> Database {
    if let open = database.withLock({ $0 }) { return open }
    let opened = try opener()
    database.withLock { $0 = opened }
    return opened
  }

  /// The console's connection, once opened (reconnected with the others after a loss).
  var openDatabase: Database? { database.withLock { $0 } }

  /// Interrupts the running statement.
  func cancel() {
    database.withLock { $0 }?.cancel()
  }

  /// Another user: the statement ends, an open transaction is rolled back and the
  /// connection is closed, so no temporary table, function or setting of the last user's
  /// reaches the next (the next statement opens a new connection, with the new role).
  func closeForNextUser() {
    endStatement()
    owner = nil
    let open = database.withLock { database in
      defer { database = nil }
      return database
    }
    open?.close()
    catalog?.close()
    catalog = nil
  }

  /// The page went away: its statement ends and an open transaction is rolled back.
  func release(_ page: PageID) {
    guard owner == page else { return }
    endStatement()
    owner = nil
  }

  func perform(_ work: ConsoleWork, page: PageID?) -> Result<ConsoleBatch, DatabaseError> {
    Result {
      let db = try connection()
      // A cancel that came after the last step ended (a killed MySQL `SLEEP` ends without
      // an error) must not fail this one.
      db.resetCancellation()
      return try db.withChannel { channel in try step(work, page: page, channel: channel) }
    }.mapError { error in
      (error as? DatabaseError) ?? DatabaseError(.statement, String(describing: error))
    }
  }

  private func step(_ work: ConsoleWork, page: PageID?, channel: any AdaptorChannel) throws -> ConsoleBatch {
    switch work {
    case .run(let text, let bindings, let mode, let count):
      endStatement(on: channel)
      owner = page
      statement = SQLStatement(text, bindings)
      statement.hidesText = SensitiveText.mentionsSecret(text)
      self.mode = mode
      // Each statement starts as the session's database role (`databaseRole`): one taken
      // before a login, or left by an earlier statement, does not carry over.
      try (channel as? any RoleChannel)?.applySessionRole()
      try open(on: channel)
      return try pause(try read(start: 0, count: count, on: channel), on: channel)
    case .read(let start, let count):
      return try pause(try read(start: start, count: count, on: channel), on: channel)
    case .readToEnd(let keep):
      if cursor == nil { try reopen(on: channel) }
      paused = false
      var last: [Row] = []
      while let cursor, !cursor.isDone {
        let rows = try cursor.next(1000)
        position += rows.count
        last.append(contentsOf: rows)
        if last.count > keep * 2 { last.removeFirst(last.count - keep) }
      }
      finishIfDone(on: channel)
      let tail = Array(last.suffix(keep))
      return batch(start: position - tail.count, rows: tail)
    case .nextResult(let count):
      guard let cursor, cursor.isDone, cursor.hasMoreResults else {
        throw DatabaseError(.statement, "the statement has no further result")
      }
      try cursor.nextResult()
      resultIndex += 1
      position = 0
      rowsAffected = nil
      columns = namingOrigins(cursor.columns)
      return try read(start: 0, count: count, on: channel)
    case .commit:
      try channel.commit()
      transactionOpen = false
      return ConsoleBatch(ended: "Committed")
    case .rollback:
      try channel.rollback()
      transactionOpen = false
      return ConsoleBatch(ended: "Rolled back")
    }
  }

  private var canReplay: Bool { mode != .openTransaction }

  /// Runs the statement and stands at its result `result` (a procedure's results before it
  /// read through and passed).
  private func open(on channel: any AdaptorChannel, result: Int = 0) throws {
    position = 0
    rowsAffected = nil
    warnings = []
    resultIndex = 0
    let opened = try channel.openCursor(statement, mode: mode)
    cursor = opened
    if mode == .openTransaction { transactionOpen = true }
    while resultIndex < result {
      while !opened.isDone { _ = try opened.next(1000) }
      guard opened.hasMoreResults else { break }
      try opened.nextResult()
      resultIndex += 1
    }
    columns = namingOrigins(opened.columns)
  }

  /// The result's PostgreSQL table OIDs named from the catalog (on a connection of its own);
  /// columns stay unnamed when that fails (the console then masks by column name).
  private func namingOrigins(_ columns: [ResultColumn]) -> [ResultColumn] {
    guard columns.contains(where: { $0.origin?.tableOID != nil }) else { return columns }
    do {
      let db = try catalog ?? opener()
      catalog = db
      return try db.withChannel { try $0.namingOrigins(of: columns) }
    } catch {
      return columns
    }
  }

  /// Runs the statement again, for rows its cursor has passed.
  private func reopen(on channel: any AdaptorChannel) throws {
    guard canReplay else {
      throw DatabaseError(.statement, "the rows of a statement that changed data cannot be read again")
    }
    cursor?.close()
    cursor = nil
    try open(on: channel, result: resultIndex)
  }

  /// On SQLite a query's cursor is closed between steps, ending its read transaction: an
  /// open one (in a rollback journal) keeps every other connection — the app's saves, a
  /// batch change of the rows marked here — from committing. The next read runs the query
  /// again and skips to where it was.
  private func pause(_ batch: ConsoleBatch, on channel: any AdaptorChannel) -> ConsoleBatch {
    guard channel.dialect == .sqlite, mode == .readOnly, let cursor, !cursor.isDone else { return batch }
    cursor.close()
    self.cursor = nil
    paused = true
    return batch
  }

  private func read(start: Int, count: Int, on channel: any AdaptorChannel) throws -> ConsoleBatch {
    if start < position || paused {
      paused = false
      try reopen(on: channel)
    }
    guard let cursor else { return batch(start: start, rows: []) }
    while position < start, !cursor.isDone {
      let skipped = try cursor.next(min(1000, start - position))
      position += skipped.count
    }
    let rows = position == start ? try cursor.next(count) : []
    position += rows.count
    finishIfDone(on: channel)
    return batch(start: start, rows: rows)
  }

  /// Once every row is read the cursor closes: a read-only transaction ends, a changing
  /// statement's transaction stays open for Commit or Rollback. One with a further result
  /// stays open for it.
  private func finishIfDone(on channel: any AdaptorChannel) {
    guard let cursor, cursor.isDone, !cursor.hasMoreResults else { return }
    rowsAffected = cursor.rowsAffected
    warnings = cursor.warnings
    cursor.close()
    self.cursor = nil
  }

  private func batch(start: Int, rows: [Row]) -> ConsoleBatch {
    let done = cursor?.isDone ?? true
    var batch = ConsoleBatch(
      columns: columns, start: start, rows: rows, isDone: done, rowCount: done ? position : nil,
      rowsAffected: rowsAffected, transactionOpen: transactionOpen)
    batch.warnings = warnings
    batch.resultNumber = resultIndex + 1
    batch.hasMoreResults = cursor?.hasMoreResults ?? false
    return batch
  }

  private func endStatement(on channel: (any AdaptorChannel)? = nil) {
    cursor?.close()
    cursor = nil
    paused = false
    if transactionOpen {
      if let channel {
        try? channel.rollback()
      } else {
        _ = try? database.withLock({ $0 })?.withChannel { try $0.rollback() }
      }
      transactionOpen = false
    }
  }
}
