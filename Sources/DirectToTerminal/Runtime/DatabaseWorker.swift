import Access
import Dispatch
import Foundation
import Journal
import Synchronization

/// A result for the UI loop: a page's next action, or the app's.
enum WorkerMessage: Sendable {
  /// An action for a page (by id; dropped when the page has gone).
  case page(PageID, AnyPageAction)
  /// `u` or `U` finished: the journal step and whether it was applied.
  case journalStepped([JournalEntry], Result<[ChangeOutcome], SaveFailure>)
  /// The connections took the logged-in user's database role (`databaseRole`), or could not.
  case roleTaken(String?, lane: Lane, Result<String, WorkError>)
  /// A rule file changed on disk.
  case rulesChanged
  /// Time to check whether what the panes show changed in the database.
  case follow
  /// A file of the (SQLite) database was written: a check follows shortly.
  case filesChanged
  /// A `NOTIFY` arrived on one of the `notifyChannels`.
  case notified([String])
  /// The connection broke (reconnecting in the background) or is back.
  case connection(ConnectionEvent)
  /// The catalog the model was built from, remembered from an earlier start, was read again:
  /// whether it changed (`Database.checkCatalog`).
  case catalogChecked(Result<Bool, WorkError>)
}

/// What happened to the database connection.
enum ConnectionEvent: Sendable, Equatable {
  /// A statement found the connection lost; reconnecting has started.
  case lost
  /// Every broken connection is up again.
  case restored
}

/// Runs database work off the UI loop and hands results back to it.
///
/// Jobs run in order on two threads of their own (`JobThread`): pages, and counts on a
/// second connection, so a slow `count(*)` never holds up a page (the counts' first job
/// waits for that connection if it is still opening, and counts share the pages' if it
/// could not open). Their results wait in an inbox that the loop drains, and `wake` (the
/// backend's wake pipe) interrupts the loop's wait. Each job belongs to a page: when the
/// page goes, its queued jobs are dropped and its running statement is cancelled.
///
/// When a statement of any lane (a page's, a follow check's, a count, the console's) finds
/// the connection lost, the worker reconnects in the background
/// (on a thread of its own, with backoff: 0.2 s doubling to 5 s), never blocking the UI
/// loop or the lanes: statements meanwhile fail at once, and the app hears `.lost` then
/// `.restored`.
final class DatabaseWorker: Sendable {
  let database: Database
  /// The counts' connection, perhaps still opening.
  private let counts: PendingDatabase
  private let foreground = JobThread(name: "d2t-pages")
  private let background = JobThread(name: "d2t-counts")
  /// The console lane: long work that keeps state between jobs (the SQL console's cursor,
  /// exports), with the objects it keeps (`LaneResource`).
  private let consoleQueue = JobThread(name: "d2t-console")
  private let resources = LaneResources()
  /// Delayed actions, follow checks and reconnection attempts run on its timers.
  let scheduler: any Scheduler
  private let group = DispatchGroup()
  private let inbox = Mutex<[WorkerMessage]>([])
  /// In a struct: a closure kept directly in a `Mutex` (a generic container) is handed to
  /// `withLock` inout through a reabstraction thunk and stored back through another, so each
  /// read wrapped it twice more — after 30 minutes the wake ran 5,000 frames deep on the
  /// worker threads' stacks (and their memory crept with it).
  private struct Wake {
    let call: @Sendable () -> Void
  }

  private let wakeHandler = Mutex<Wake?>(nil)
  /// The page whose statement runs on each lane.
  private let running = Mutex<[Lane: PageID]>([:])
  private let closed = Mutex<Set<PageID>>([])
  /// Bumped by each cancel of a page's work on a lane: its jobs queued before are dropped.
  private let cancels = Mutex<[LaneOfPage: Int]>([:])
  private let reconnector = JobThread(name: "d2t-reconnect")
  /// A reconnection runs; `again`: a statement found a connection lost meanwhile (perhaps
  /// one the running pass skipped because that statement held it), so one more pass runs.
  private let reconnecting = Mutex((running: false, again: false))
  /// Set at exit: the reconnection loop stops.
  private let stopped = Mutex(false)
  /// Given at `stop`: ends a reconnection's wait at once.
  private let stopSignal = WakeSignal()

  init(database: Database, countDatabase: PendingDatabase, scheduler: any Scheduler = SystemScheduler()) {
    self.database = database
    counts = countDatabase
    self.scheduler = scheduler
  }

  /// Work may finish before the loop starts waiting: a result already in the inbox wakes
  /// it at once.
  func setWake(_ wake: @escaping @Sendable () -> Void) {
    wakeHandler.withLock { $0 = Wake(call: wake) }
    if !inbox.withLock({ $0.isEmpty }) { wake() }
  }

  /// Queues `work` for `page`; its output becomes a message through `reply`.
  func submit(
    _ work: Work, lane: Lane, page: PageID?, reply: @escaping @Sendable (WorkOutput) -> WorkerMessage
  ) {
    let queue = lane == .foreground ? foreground : lane == .background ? background : consoleQueue
    let cancelled = page.map { cancelCount(LaneOfPage(page: $0, lane: lane)) }
    group.enter()
    queue.async { [self] in
      defer { group.leave() }
      if isStopped { return }
      if let page, closed.withLock({ $0.contains(page) }) { return }
      // The console lane has no connection of its own: its resources open theirs from the
      // pages' connection (writable; the counts' may be read-only). Only the other lanes'
      // work waits for the counts' connection while it opens.
      let db: Database
      switch (lane, work) {
      case (.foreground, _), (.console, .run): db = database
      default: db = countDatabase
      }
      // Cancelled before it started: the page still hears that its work ended (a save it
      // waits for would otherwise spin for good).
      let isCancelled = { @Sendable [self] in
        page.map { cancelCount(LaneOfPage(page: $0, lane: lane)) != cancelled } ?? false
      }
      if isCancelled() {
        post(reply(.cancelled(work)))
        return
      }
      running.withLock { running in
        running[lane] = page
        if lane != .console { db.resetCancellation() }
      }
      let output: WorkOutput
      if case .run(let run) = work {
        let context = WorkContext(
          database: db, page: page, cancelled: isCancelled,
          sendOutput: { [self] value in
            if let page, closed.withLock({ $0.contains(page) }) { return }
            post(reply(.ran(.success(value))))
          }, resources: resources)
        output = .ran(Result { try run.body(context) }.mapError(WorkError.init))
      } else {
        output = Self.perform(work, on: db, isCancelled: isCancelled)
      }
      running.withLock { $0[lane] = nil }
      if output.isConnectionLost { reconnect() }
      if let page, closed.withLock({ $0.contains(page) }) { return }
      post(reply(output))
    }
  }

  static func perform(_ work: Work, on db: Database, isCancelled: () -> Bool = { false }) -> WorkOutput {
    switch work {
    case .fetch(let spec):
      return .fetched(Result { try db.fetch(spec) }.mapError(WorkError.init))
    case .count(let spec):
      return .counted(Result { try db.count(spec) }.mapError(WorkError.init))
    case .apply(let changes, let acceptingWarnings):
      return .applied(
        Result { try db.apply(changes, acceptingWarnings: acceptingWarnings, isCancelled: isCancelled) }
          .mapError(SaveFailure.init))
    case .probe(let entityName, let keys, let related):
      return .probed(
        Result { try db.changeToken(of: entityName, keys: keys, related: related) }
          .mapError(WorkError.init))
    case .run(let work):
      return .ran(.failure(WorkError(message: "\(work.label) runs through submit", isCancelled: false)))
    }
  }

  /// Starts opening the counts' connection (the app calls it after its first frame; a
  /// count asked for earlier begins it itself).
  func beginCountConnection() {
    counts.begin()
  }

  /// The counts' connection, once open (waiting for it on the lane's queue if it is still
  /// opening); the pages' if it could not open.
  private var countDatabase: Database {
    (try? counts.database()) ?? database
  }

  /// Starts reconnecting every broken connection in the background, unless it already is
  /// (or the database cannot reconnect, like a SQLite file).
  func reconnect() {
    guard database.canReconnect || counts.opened?.canReconnect == true,
      reconnecting.withLock({ state in
        if state.running {
          state.again = true
          return false
        }
        state = (running: true, again: false)
        return true
      })
    else { return }
    post(.connection(.lost))
    attemptReconnection(backoff: .milliseconds(200))
  }

  /// One pass over the broken connections, on the reconnection queue. A pass that fails
  /// tries again after `backoff` (doubling to 5 s) on the scheduler: nothing sleeps, and
  /// a stop ends it at the next attempt.
  private func attemptReconnection(backoff: Duration) {
    reconnector.async { [self] in
      guard !isStopped else { return }
      do {
        for db in reconnectable where db.isConnectionBroken() {
          try db.reconnect(stop: stopSignal)
        }
        let done = reconnecting.withLock { state in
          defer { state = (running: state.again, again: false) }
          return !state.again
        }
        if done {
          post(.connection(.restored))
        } else {
          attemptReconnection(backoff: backoff)
        }
      } catch {
        let next = min(backoff * 2, .seconds(5))
        scheduler.schedule(after: backoff) { [self] in attemptReconnection(backoff: next) }
      }
    }
  }

  /// The connections a reconnection looks at: pages', counts' and the console's once open.
  private var reconnectable: [Database] {
    var all = [database]
    if let counting = counts.opened, counting !== database { all.append(counting) }
    all += resources.all.compactMap(\.openDatabase)
    return all.filter(\.canReconnect)
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// Puts a message in the inbox and wakes the loop.
  func post(_ message: WorkerMessage) {
    inbox.withLock { $0.append(message) }
    wakeHandler.withLock { $0 }?.call()
  }

  /// Posts `message` after `delay` on the scheduler (a page's `.after` effect, the follow
  /// timer). Not counted as work: `waitUntilIdle` does not wait for it.
  func post(after delay: Duration, _ message: WorkerMessage) {
    scheduler.schedule(after: delay) { [self] in post(message) }
  }

  /// The messages that arrived since the last call, in order.
  func drain() -> [WorkerMessage] {
    inbox.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }

  private func cancelCount(_ key: LaneOfPage) -> Int {
    cancels.withLock { $0[key] ?? 0 }
  }

  /// Cancels `page`'s work on `lane`: the statement running (if it is the page's) and the
  /// jobs it queued there.
  func cancel(_ lane: Lane, page: PageID) {
    cancels.withLock { $0[LaneOfPage(page: page, lane: lane), default: 0] += 1 }
    running.withLock { running in
      guard running[lane] == page else { return }
      switch lane {
      case .foreground: database.cancel()
      case .background: counts.opened?.cancel()
      case .console: for resource in resources.all { resource.cancel() }
      }
    }
  }

  /// Someone else is about to use the app: the console lane's resources let go of what the
  /// last user's work kept (after the job running there, on its queue).
  func closeLaneResourcesForNextUser() {
    consoleQueue.async { [resources] in for resource in resources.all { resource.closeForNextUser() } }
  }

  /// A page went away: its queued work is dropped and its running statements cancelled.
  /// Once every lane has run past what the page had queued, the worker forgets the page
  /// too (a long session opens thousands of pages).
  func forget(_ page: PageID) {
    closed.withLock { _ = $0.insert(page) }
    cancel(.foreground, page: page)
    cancel(.background, page: page)
    cancel(.console, page: page)
    let lanesLeft = Mutex(3)
    for (lane, queue) in [(Lane.foreground, foreground), (.background, background), (.console, consoleQueue)] {
      group.enter()
      queue.async { [self] in
        defer { group.leave() }
        // The console lane's resources (statements, cursors) belong to the page too.
        if lane == .console { for resource in resources.all { resource.release(page) } }
        cancels.withLock { _ = $0.removeValue(forKey: LaneOfPage(page: page, lane: lane)) }
        let done = lanesLeft.withLock { left in
          left -= 1
          return left == 0
        }
        if done { closed.withLock { _ = $0.remove(page) } }
      }
    }
  }

  /// How many pages the worker still keeps track of (closed pages whose queued work may
  /// still be dropped, and pages with cancelled work): for tests.
  var trackedPageCount: Int {
    let cancelled = cancels.withLock { Set($0.keys.map(\.page)) }
    return closed.withLock { $0.union(cancelled).count }
  }

  /// At exit: cancel whatever runs on either connection; queued jobs never start.
  func cancelAll() {
    stopped.withLock { $0 = true }
    stopSignal.signal()
    closed.withLock { $0.formUnion(running.withLock { Set($0.values) }) }
    database.cancel()
    counts.opened?.cancel()
    for resource in resources.all { resource.cancel() }
  }

  /// Blocks until every queued job has finished (headless runs and tests).
  func waitUntilIdle(timeout: Duration = .seconds(60)) -> Bool {
    group.wait(timeout: .now() + Self.seconds(timeout)) == .success
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// A page's work on one lane.
private struct LaneOfPage: Hashable {
  var page: PageID
  var lane: Lane
}

extension WorkOutput {
  /// What `work` gives when it was cancelled before it started.
  static func cancelled(_ work: Work) -> WorkOutput {
    let error = WorkError(message: "cancelled", isCancelled: true)
    switch work {
    case .fetch: return .fetched(.failure(error))
    case .count: return .counted(.failure(error))
    case .probe: return .probed(.failure(error))
    case .apply:
      var refused = DatabaseError(.cancelled, "the save was cancelled before it was sent")
      refused.wasNeverApplied = true
      return .applied(.failure(.refused(refused)))
    case .run: return .ran(.failure(error))
    }
  }

  /// The work failed because the connection broke.
  var isConnectionLost: Bool {
    switch self {
    case .fetched(.failure(let error)), .counted(.failure(let error)), .probed(.failure(let error)),
      .ran(.failure(let error)):
      return error.isConnectionLost
    case .applied(.failure(.refused(let error))): return error.kind == .connectionLost
    default: return false
    }
  }
}
