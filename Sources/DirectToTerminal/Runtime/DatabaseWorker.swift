import Access
import Dispatch
import Foundation
import Synchronization

/// Runs database work off the UI loop and hands results back to it.
///
/// Jobs run in order on a serial queue; their results wait in an inbox that the loop
/// drains, and `wake` (the backend's wake pipe) interrupts the loop's wait so results show
/// at once. Counts run on a second queue and connection, so a slow `count(*)` never holds up
/// a page.
final class DatabaseWorker: Sendable {
  enum Lane: Sendable {
    /// Pages and rows the user waits for; Esc cancels them.
    case foreground
    /// Counts and other work nobody waits for.
    case background
  }

  let database: Database
  let countDatabase: Database
  private let foreground = DispatchQueue(label: "d2t.database.foreground")
  private let background = DispatchQueue(label: "d2t.database.background")
  private let group = DispatchGroup()
  private let inbox = Mutex<[WorkResult]>([])
  private let wakeHandler = Mutex<(@Sendable () -> Void)?>(nil)

  init(database: Database, countDatabase: Database) {
    self.database = database
    self.countDatabase = countDatabase
  }

  /// Called after each job, from the worker's thread, to wake the UI loop.
  func setWake(_ wake: @escaping @Sendable () -> Void) {
    wakeHandler.withLock { $0 = wake }
  }

  /// Queues `job`; its result reaches `drain()`.
  func submit(_ lane: Lane = .foreground, _ job: @escaping @Sendable (Database) -> WorkResult) {
    let queue = lane == .foreground ? foreground : background
    let db = lane == .foreground ? database : countDatabase
    group.enter()
    queue.async { [self] in
      let result = job(db)
      inbox.withLock { $0.append(result) }
      group.leave()
      wakeHandler.withLock { $0 }?()
    }
  }

  /// The results that arrived since the last call, in order.
  func drain() -> [WorkResult] {
    inbox.withLock { results in
      defer { results.removeAll() }
      return results
    }
  }

  /// Cancels the foreground statement, if one runs.
  func cancelForeground() {
    database.cancel()
  }

  /// Blocks until every queued job has finished (headless runs and tests).
  func waitUntilIdle(timeout: Duration = .seconds(60)) -> Bool {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    return group.wait(timeout: .now() + seconds) == .success
  }
}

/// A finished piece of database work, for one page (by id) or for the whole app.
enum WorkResult: Sendable {
  case rows(page: Int, request: RowRequest, Result<FetchResult, WorkError>)
  case count(page: Int, Result<Int, WorkError>)
  case entityCounts([String: Int])
  case inspected(page: Int, Result<InspectData, WorkError>)
  case editLoaded(page: Int, Result<Row?, WorkError>)
  case saved(page: Int, Result<ChangeOutcome, SaveFailure>)
  case deleted(entity: String, title: String, Result<DeleteOutcome, SaveFailure>)
  case undone(Result<Change, SaveFailure>)
  case windowRefreshed(page: Int, Result<[Row], WorkError>)
  case login(page: Int, Result<Row?, WorkError>)
}

/// A delete that happened, and the insert that would undo it (the whole stored row).
struct DeleteOutcome: Sendable {
  var change: Change
  var inverse: Change?
}

/// Why a change was not saved: someone else changed the row, or the database refused.
enum SaveFailure: WorkFailure {
  case conflict(Conflict)
  case refused(DatabaseError)
  case other(String)

  init(_ error: any Error) {
    if let conflict = error as? Conflict {
      self = .conflict(conflict)
    } else if let error = error as? DatabaseError {
      self = .refused(error)
    } else {
      self = .other(String(describing: error))
    }
  }
}

/// Why a job failed, in words; `isCancelled` when the user cancelled it.
struct WorkError: WorkFailure, Hashable {
  var message: String
  var isCancelled: Bool

  init(_ error: any Error) {
    if let error = error as? DatabaseError {
      message = error.message
      isCancelled = error.kind == .cancelled
    } else {
      message = String(describing: error)
      isCancelled = false
    }
  }
}

/// A failure of database work as the page that asked for it describes it.
protocol WorkFailure: Error, Sendable {
  init(_ error: any Error)
}

/// Runs `body`, turning a thrown error into the failure type the result wants.
func attempt<T, Failure: WorkFailure>(_ body: () throws -> T) -> Result<T, Failure> {
  do {
    return .success(try body())
  } catch {
    return .failure(Failure(error))
  }
}
