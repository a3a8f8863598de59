import Access
import Dispatch
import Foundation
import Synchronization

/// A result for the UI loop: a page's next action, or the app's.
enum WorkerMessage: Sendable {
  /// An action for a page (by id; dropped when the page has gone).
  case page(PageID, AnyPageAction)
  /// `u` finished.
  case undone(Result<[ChangeOutcome], SaveFailure>)
  /// A rule file changed on disk.
  case rulesChanged
}

/// Runs database work off the UI loop and hands results back to it.
///
/// Jobs run in order on two serial queues (pages, and counts on a second connection, so a
/// slow `count(*)` never holds up a page); their results wait in an inbox that the loop
/// drains, and `wake` (the backend's wake pipe) interrupts the loop's wait. Each job
/// belongs to a page: when the page goes, its queued jobs are dropped and its running
/// statement is cancelled.
final class DatabaseWorker: Sendable {
  let database: Database
  let countDatabase: Database
  private let foreground = DispatchQueue(label: "d2t.database.foreground")
  private let background = DispatchQueue(label: "d2t.database.background")
  /// The console lane: the SQL console's statements and exports, on a third connection.
  private let consoleQueue = DispatchQueue(label: "d2t.database.console")
  let console: ConsoleConnection
  private let timers = DispatchQueue(label: "d2t.timers")
  private let group = DispatchGroup()
  private let inbox = Mutex<[WorkerMessage]>([])
  private let wakeHandler = Mutex<(@Sendable () -> Void)?>(nil)
  /// The page whose statement runs on each lane.
  private let running = Mutex<[Lane: PageID]>([:])
  private let closed = Mutex<Set<PageID>>([])

  init(database: Database, countDatabase: Database) {
    self.database = database
    self.countDatabase = countDatabase
    console = ConsoleConnection { try Database(adaptor: database.adaptor, model: database.model) }
  }

  /// Work may finish before the loop starts waiting: a result already in the inbox wakes
  /// it at once.
  func setWake(_ wake: @escaping @Sendable () -> Void) {
    wakeHandler.withLock { $0 = wake }
    if !inbox.withLock({ $0.isEmpty }) { wake() }
  }

  /// Queues `work` for `page`; its output becomes a message through `reply`.
  func submit(
    _ work: Work, lane: Lane, page: PageID?, reply: @escaping @Sendable (WorkOutput) -> WorkerMessage
  ) {
    let queue = lane == .foreground ? foreground : lane == .background ? background : consoleQueue
    let db = lane == .foreground ? database : countDatabase
    group.enter()
    queue.async { [self] in
      defer { group.leave() }
      if let page, closed.withLock({ $0.contains(page) }) { return }
      if let page { running.withLock { $0[lane] = page } }
      let output: WorkOutput
      switch work {
      case .console(let step): output = .console(console.perform(step, page: page))
      case .export(let job):
        output = .exported(console.export(job) { [self] progress in
          if let page, closed.withLock({ $0.contains(page) }) { return }
          post(reply(.exportProgress(progress)))
        })
      default: output = Self.perform(work, on: db)
      }
      running.withLock { $0[lane] = nil }
      if let page, closed.withLock({ $0.contains(page) }) { return }
      post(reply(output))
    }
  }

  static func perform(_ work: Work, on db: Database) -> WorkOutput {
    switch work {
    case .fetch(let spec):
      return .fetched(Result { try db.fetch(spec) }.mapError(WorkError.init))
    case .count(let spec):
      return .counted(Result { try db.count(spec) }.mapError(WorkError.init))
    case .apply(let changes):
      return .applied(Result { try db.apply(changes) }.mapError(SaveFailure.init))
    case .console, .export:
      return .console(.failure(DatabaseError(.statement, "console work runs on the console lane")))
    }
  }

  /// Puts a message in the inbox and wakes the loop.
  func post(_ message: WorkerMessage) {
    inbox.withLock { $0.append(message) }
    wakeHandler.withLock { $0 }?()
  }

  /// Posts `message` after `delay`.
  func post(after delay: Duration, _ message: WorkerMessage) {
    group.enter()
    let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    timers.asyncAfter(deadline: .now() + seconds) { [self] in
      post(message)
      group.leave()
    }
  }

  /// The messages that arrived since the last call, in order.
  func drain() -> [WorkerMessage] {
    inbox.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }

  /// Cancels the statement running on `lane` if it belongs to `page`.
  func cancel(_ lane: Lane, page: PageID) {
    guard running.withLock({ $0[lane] }) == page else { return }
    switch lane {
    case .foreground: database.cancel()
    case .background: countDatabase.cancel()
    case .console: console.cancel()
    }
  }

  /// A page went away: its queued work is dropped and its running statements cancelled.
  func forget(_ page: PageID) {
    closed.withLock { _ = $0.insert(page) }
    cancel(.foreground, page: page)
    cancel(.background, page: page)
    cancel(.console, page: page)
    consoleQueue.async { [console] in console.release(page) }
  }

  /// At exit: cancel whatever runs on either connection.
  func cancelAll() {
    closed.withLock { $0.formUnion(running.withLock { Set($0.values) }) }
    database.cancel()
    countDatabase.cancel()
    console.cancel()
  }

  /// Blocks until every queued job has finished (headless runs and tests).
  func waitUntilIdle(timeout: Duration = .seconds(60)) -> Bool {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    return group.wait(timeout: .now() + seconds) == .success
  }
}
