import Foundation
import Qualifiers
import Synchronization

/// An open database with its model: fetches pages, counts, applies changes, cancels.
///
/// Thread-safe: calls are serialised on one connection, so UI code runs them off its loop;
/// `cancel()` interrupts the running statement from any thread.
///
///     let db = try Database(adaptor: SQLiteAdaptor(path: "sakila.db"))
///     let page = try db.fetch(FetchSpecification(entityName: "Film", limit: 50))
public final class Database: @unchecked Sendable {
  public let adaptor: any Adaptor
  /// The model, shared with the database's second connection (`opening`): a catalog check
  /// that finds the schema changed replaces it for both.
  public var model: Model { models.model }
  private let models: SharedModel
  let channel: any AdaptorChannel
  private let canceller: any QueryCanceller
  let lock = NSLock()
  /// Where the channel went; changes when a reconnection lands on another host.
  let connectedName: Mutex<String?>

  /// Opens a connection and reads the catalog into a model; `reached` hears each step as it
  /// ends (`connected`, `catalog read`, `model built`), for a trace of the start.
  public convenience init(adaptor: any Adaptor, reached: (String) -> Void = { _ in }) throws {
    let channel = try adaptor.openChannel()
    reached("connected")
    try self.init(adaptor: adaptor, channel: channel, model: Self.model(of: channel, reached: reached))
  }

  /// Opens the database as `init(adaptor:reached:)` does, with a second connection through
  /// `second` that opens on a thread of its own once asked (`PendingDatabase.begin()`, which
  /// the app calls after its first frame, or its first `database()`): the first screen does
  /// not share the two cores with the second handshake. Both share the model. A connection
  /// refused (a password asked for) is so tried once, not twice. `reached` hears
  /// `connected`, `catalog read` (or `catalog recalled`) and `model built` on the caller's
  /// thread, and `second connection` on the second's when it is open.
  ///
  /// When `memory` recalls the catalog of an earlier start, the model is built from it and
  /// the catalog is not read before this returns: the first screen waits for no catalog
  /// query. The database then has an unchecked catalog, which the caller checks
  /// (`checkCatalog`) before it acts on the model. `memory` hears each catalog read from
  /// the server that it did not recall as it is.
  public static func opening(
    _ adaptor: any Adaptor, withSecond second: any Adaptor, memory: (any CatalogMemory)? = nil,
    reached: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> (Database, PendingDatabase) {
    let channel = try adaptor.openChannel()
    reached("connected")
    let pending = SecondChannel(second) { reached("second connection") }
    let database: Database
    do {
      let recalled = memory?.recall()
      let catalog: Catalog
      if let recalled {
        catalog = recalled
        reached("catalog recalled")
      } else {
        catalog = try channel.readCatalog()
        reached("catalog read")
        memory?.remember(catalog)
      }
      database = Database(adaptor: adaptor, channel: channel, model: ModelBuilder.model(from: catalog))
      if let recalled, let memory { database.unchecked.withLock { $0 = (recalled, memory) } }
      reached("model built")
    } catch {
      // The second connection has not begun: nothing else to close.
      channel.close()
      throw error
    }
    let models = database.models
    return (
      database,
      PendingDatabase(begin: pending.start) {
        Database(adaptor: second, channel: try pending.channel(), models: models)
      }
    )
  }

  private static func model(of channel: any AdaptorChannel, reached: (String) -> Void) throws -> Model {
    let catalog = try channel.readCatalog()
    reached("catalog read")
    let model = ModelBuilder.model(from: catalog)
    reached("model built")
    return model
  }

  /// Opens a second connection to a database whose model is already read (no catalog
  /// queries), e.g. for background counts.
  public convenience init(adaptor: any Adaptor, model: Model) throws {
    try self.init(adaptor: adaptor, channel: adaptor.openChannel(), model: model)
  }

  convenience init(adaptor: any Adaptor, channel: any AdaptorChannel, model: Model) {
    self.init(adaptor: adaptor, channel: channel, models: SharedModel(model))
  }

  private init(adaptor: any Adaptor, channel: any AdaptorChannel, models: SharedModel) {
    self.adaptor = adaptor
    self.channel = channel
    canceller = channel.canceller
    connectedName = Mutex(channel.connectedName)
    sessionSettings = channel.sessionSettings
    readOnlyReason = channel.readOnlyReason
    self.models = models
  }

  /// The catalog the model was built from when it came from memory and has not been read
  /// from the server since (with where it was remembered).
  private let unchecked = Mutex<(catalog: Catalog, memory: any CatalogMemory)?>(nil)

  /// The model was built from a remembered catalog that `checkCatalog` has not checked yet.
  public var hasUncheckedCatalog: Bool { unchecked.withLock { $0 != nil } }

  /// Reads the catalog from the server and compares it with the remembered one the model
  /// was built from: returns false when they describe the same schema (row estimates that
  /// moved are kept for the next start, not swapped in under the screen); else the model
  /// (of both connections) is rebuilt from what the server said, the memory hears it, and
  /// this returns true. A database with no unchecked catalog returns false at once.
  public func checkCatalog() throws -> Bool {
    guard let (known, memory) = unchecked.withLock({ $0 }) else { return false }
    let fresh = try locked { try channel.readCatalog() }
    unchecked.withLock { $0 = nil }
    if fresh != known { memory.remember(fresh) }
    guard !fresh.hasSameSchema(as: known) else { return false }
    models.replace(ModelBuilder.model(from: fresh))
    return true
  }

  /// Why the database takes no writes, though d2t did not open it read-only (see
  /// `AdaptorChannel.readOnlyReason`).
  public let readOnlyReason: String?

  /// The session's settings that decide what a write stores (MySQL's `sql_mode`), as read
  /// when the connection opened.
  public let sessionSettings: [SessionSetting]

  public var dialect: SQLDialect { adaptor.dialect }

  /// The database as people name it: where the connection actually went (libpq's host and
  /// database after PGSERVICE, multi-host URLs and the PG* environment), never a password.
  public var displayName: String { connectedName.withLock { $0 } ?? adaptor.displayName }

  /// Every statement this database ran, with parameters and durations.
  public var log: SQLLog { adaptor.log }

  /// Re-reads the catalog (after a schema change).
  public func reloadModel() throws {
    try locked { models.replace(ModelBuilder.model(from: try channel.readCatalog())) }
  }

  /// One page of rows, in sort order, labelled by key path.
  public func fetch(_ spec: FetchSpecification) throws -> FetchResult {
    try locked {
      let builder = try SelectBuilder(model: model, entityName: spec.entityName, dialect: dialect)
      let statement = try builder.select(spec)
      var rows = try channel.query(statement)
      switch spec.position {
      case .end, .before: rows.reverse()
      case .start, .after: break
      }
      return FetchResult(
        rows: rows, sortKey: builder.sortKeyPaths(spec).map(\.key), identifiesRows: builder.identifiesRows)
    }
  }

  /// The number of rows matching the specification's qualifier.
  public func count(_ spec: FetchSpecification) throws -> Int {
    try locked { try countRows(spec) }
  }

  /// `count` for work that holds the connection already (inside a transaction of its own).
  func countRows(_ spec: FetchSpecification) throws -> Int {
    let builder = try SelectBuilder(model: model, entityName: spec.entityName, dialect: dialect)
    let rows = try channel.query(builder.count(spec))
    return Int(rows.first?[0].int64Value ?? 0)
  }

  /// The SQL a fetch would run, for the debug overlay and tests.
  public func statement(for spec: FetchSpecification) throws -> SQLStatement {
    try SelectBuilder(model: model, entityName: spec.entityName, dialect: dialect).select(spec)
  }

  /// Applies the changes in one transaction: all or nothing. Throws `Conflict` when a row
  /// changed since the user saw it, `DatabaseError` when the database refuses. A connection
  /// found lost before or at `BEGIN` throws `.connectionLost` marked `wasNeverApplied`.
  ///
  /// `isCancelled` is asked before each statement and before `COMMIT`: once it says yes the
  /// transaction is rolled back and the call throws `.cancelled` marked `wasNeverApplied`, so
  /// a save cancelled while a statement waited (a lock, a stopped server) never commits
  /// afterwards. Only a cancel that comes after `COMMIT` was sent can be too late.
  ///
  /// A write the server only warned about (a string truncated outside MySQL's strict mode)
  /// fails with code `warning` unless `acceptingWarnings`, which the user confirmed.
  @discardableResult
  public func apply(
    _ changes: [Change], acceptingWarnings: Bool = false, isCancelled: () -> Bool = { false }
  ) throws -> [ChangeOutcome] {
    try locked {
      channel.acceptWarnings(acceptingWarnings)
      defer { channel.acceptWarnings(false) }
      let writer = ChangeWriter(model: model, channel: channel)
      func checkCancelled() throws {
        guard isCancelled() else { return }
        var error = DatabaseError(.cancelled, "the save was cancelled before it was committed")
        error.wasNeverApplied = true
        throw error
      }
      do {
        try checkCancelled()
        // Reads what the idle socket holds: a server that went away is noticed before
        // anything is sent.
        if let reconnectable = channel as? any ReconnectableChannel { _ = reconnectable.isBroken() }
        try channel.begin()
      } catch var error as DatabaseError where error.kind == .connectionLost || error.kind == .cancelled {
        error.wasNeverApplied = true
        throw error
      }
      var outcomes: [ChangeOutcome] = []
      do {
        for change in changes {
          try checkCancelled()
          outcomes.append(try writer.apply(change.resolved(with: outcomes)))
        }
        try checkCancelled()
      } catch {
        try? channel.rollback()
        guard var error = error as? DatabaseError else { throw error }
        // Rolled back: a cancelled statement left nothing behind.
        if error.kind == .cancelled { error.wasNeverApplied = true }
        if changes.count > 1 && outcomes.count < changes.count { error.changeIndex = outcomes.count }
        throw error
      }
      do {
        try channel.commit()
      } catch {
        try? channel.rollback()
        throw error
      }
      return outcomes
    }
  }

  /// The stored row with this primary key, labelled by attribute name.
  public func row(of entityName: String, key: [String: DatabaseValue]) throws -> Row? {
    try locked {
      guard let entity = model[entity: entityName] else {
        throw FetchError("unknown entity '\(entityName)'")
      }
      return try ChangeWriter(model: model, channel: channel).current(key: key, of: entity)
    }
  }

  /// Runs raw SQL on this database's connection (scripts, tests, benchmarks).
  public func withChannel<T>(_ body: (any AdaptorChannel) throws -> T) throws -> T {
    try locked { try body(channel) }
  }

  /// Interrupts the running statement; it fails with a `.cancelled` `DatabaseError`.
  public func cancel() {
    canceller.cancel()
  }

  /// Forgets a cancel that came after its work ended, before the next work starts.
  public func resetCancellation() {
    canceller.reset()
  }

  public func close() {
    locked { channel.close() }
  }

  func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// A page of rows and how to name the pages next to it.
public struct FetchResult: Hashable, Sendable {
  public var rows: [Row]
  /// The key paths the rows are ordered by, primary key last.
  public var sortKey: [PropertyPath]
  /// Whether a row's page key names that row alone (the sort ends with the primary key).
  /// When false (an entity without a key), rows equal in every column share a page key, so
  /// `.after`/`.before` would skip some: neighbouring pages are fetched by offset.
  public var identifiesRows: Bool

  public init(rows: [Row], sortKey: [PropertyPath], identifiesRows: Bool = true) {
    self.rows = rows
    self.sortKey = sortKey
    self.identifiesRows = identifiesRows
  }

  /// The values that name `row`'s place in the order, for `.after`/`.before` positions.
  public func pageKey(of row: Row) -> [DatabaseValue] {
    sortKey.map { row[$0.description] ?? .null }
  }
}

/// A connection opened on another thread: `channel()` waits for it.
private final class SecondChannel: @unchecked Sendable {
  private let adaptor: any Adaptor
  private let opened: @Sendable () -> Void
  private let started = Mutex(false)
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<any AdaptorChannel, any Error>?

  init(_ adaptor: any Adaptor, opened: @escaping @Sendable () -> Void) {
    self.adaptor = adaptor
    self.opened = opened
  }

  /// Starts the handshake on a thread of its own (once).
  @Sendable func start() {
    let first = started.withLock { started in
      defer { started = true }
      return !started
    }
    guard first else { return }
    Thread { [self] in
      result = Result { try adaptor.openChannel() }
      done.signal()
      opened()
    }
    .start()
  }

  /// The channel once it is open, starting it if nobody has (the semaphore orders the
  /// write before this read, and is signalled again so that a later call does not wait).
  func channel() throws -> any AdaptorChannel {
    start()
    done.wait()
    done.signal()
    guard let result else { throw FetchError("the second connection did not open") }
    return try result.get()
  }
}
