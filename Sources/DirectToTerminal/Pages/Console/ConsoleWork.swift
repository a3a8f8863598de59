import Access

/// One step of the SQL console, run on the console lane's own connection, which keeps the
/// statement's cursor (and its transaction) open between steps.
public enum ConsoleWork: Hashable, Sendable {
  /// Runs `sql` with its parameter values (ending any previous statement) and reads its
  /// first `count` rows.
  case run(sql: String, bindings: [DatabaseValue] = [], mode: CursorMode, count: Int)
  /// `count` rows from row `start` (0-based): read on from the cursor, or, for a row it has
  /// passed, from the statement run again (never for a statement that changed data).
  case read(start: Int, count: Int)
  /// Reads to the last row, keeping only the last `keep` rows in memory.
  case readToEnd(keep: Int)
  /// Moves to the statement's next result (a MySQL procedure's next `SELECT`) and reads its
  /// first `count` rows.
  case nextResult(count: Int)
  /// Ends the transaction a data-changing statement left open.
  case commit
  case rollback
}

/// What a console step produced: some rows of the result (from row `start`), and what is
/// known of the whole so far.
public struct ConsoleBatch: Hashable, Sendable {
  public var columns: [ResultColumn]
  public var start: Int
  public var rows: [Row]
  /// Every row has been read: `rowCount` is the total.
  public var isDone: Bool
  public var rowCount: Int?
  /// Rows inserted, updated or deleted (a change), once done.
  public var rowsAffected: Int?
  /// What the server warned it changed while writing, once done (`ResultCursor.warnings`).
  public var warnings: [String] = []
  /// Which of the statement's results this is (1 for most statements).
  public var resultNumber = 1
  /// Once done, another result of the statement follows (`ConsoleWork.nextResult`).
  public var hasMoreResults = false
  /// A transaction is open, waiting for Commit or Rollback.
  public var transactionOpen: Bool
  /// What the step ended (`committed`, `rolled back`), for the status line.
  public var ended: String?

  public init(
    columns: [ResultColumn] = [], start: Int = 0, rows: [Row] = [], isDone: Bool = true,
    rowCount: Int? = nil, rowsAffected: Int? = nil, transactionOpen: Bool = false, ended: String? = nil
  ) {
    self.columns = columns
    self.start = start
    self.rows = rows
    self.isDone = isDone
    self.rowCount = rowCount
    self.rowsAffected = rowsAffected
    self.transactionOpen = transactionOpen
    self.ended = ended
  }
}

extension ConsoleWork {
  /// The step shows a result from its first row: a statement run, or its next result.
  var startsAResult: Bool {
    switch self {
    case .run, .nextResult: return true
    default: return false
    }
  }

  /// Runs this step on the lane's `ConsoleSession`.
  func perform(in context: WorkContext) throws -> ConsoleBatch {
    let session = context.resource(ConsoleSession.self) { ConsoleSession(opener: context.connectionOpener) }
    return try session.perform(self, page: context.page).get()
  }

  /// This step as work, as tests expect it (`Effect.works`).
  public var work: Work { .run(RunWork("console", of: self) { try perform(in: $0) }) }

  /// This step as work on the console lane, on the lane's `ConsoleSession` (its cursor and
  /// transaction kept between steps); a failure is the database's own error.
  func effect<Action: Sendable>(
    _ reply: @escaping @Sendable (Result<ConsoleBatch, DatabaseError>) -> Action
  ) -> Effect<Action> {
    .run("console", of: self, lane: .console, { context in try perform(in: context) }) { result in
      reply(
        result.mapError { error in
          error.databaseError ?? DatabaseError(error.isCancelled ? .cancelled : .statement, error.message)
        })
    }
  }
}
