import Access
import Foundation
import Import
import Synchronization

/// Runs imports on the console lane (a `LaneResource`), each on a connection of its own, so
/// a long import never holds up pages; Esc cancels it, and it rolls back.
final class ImportRunner: LaneResource, @unchecked Sendable {
  private let opener: @Sendable () throws -> Database
  private let importing = Mutex<Database?>(nil)
  private let cancelled = Atomic(false)

  init(opener: @escaping @Sendable () throws -> Database) {
    self.opener = opener
  }

  func cancel() {
    cancelled.store(true, ordering: .relaxed)
    importing.withLock { $0 }?.cancel()
  }

  func release(_ page: PageID) {}
  func closeForNextUser() {}
  var openDatabase: Database? { nil }

  /// Imports on a new connection, closed when done; cancelled, everything is rolled back.
  func run(_ job: ImportJob, progress: @escaping (ImportProgress) -> Void) -> Result<ImportResult, WorkError> {
    cancelled.store(false, ordering: .relaxed)
    defer {
      let finished = importing.withLock { held in
        defer { held = nil }
        return held
      }
      finished?.close()
    }
    do {
      let db = try opener()
      importing.withLock { $0 = db }
      let importer = try Importer(database: db, entityName: job.entityName, request: job.request)
      return .success(try importer.run(progress: progress) { self.cancelled.load(ordering: .relaxed) })
    } catch is ImportCancelled {
      return .failure(WorkError(message: "cancelled: nothing was imported", isCancelled: true))
    } catch let problem as ImportProblem {
      return .failure(WorkError(message: problem.text(file: job.request.path), isCancelled: false))
    } catch {
      return .failure(WorkError(error))
    }
  }
}

/// An import the app runs for a list: the file, the entity, how.
public struct ImportJob: Hashable, Sendable {
  public var entityName: String
  public var request: ImportRequest

  /// What the import sends its page: progress, then the result.
  enum Event: Sendable {
    case progress(ImportProgress)
    case finished(ImportResult)
  }

  func effect<Action: Sendable>(_ reply: @escaping @Sendable (Result<Event, WorkError>) -> Action) -> Effect<Action> {
    .run(
      "import", of: self, lane: .console,
      { context in
        let runner = context.resource(ImportRunner.self) { ImportRunner(opener: context.connectionOpener) }
        let result = try runner.run(self) { context.send(Event.progress($0)) }.get()
        return Event.finished(result)
      }, reply: reply)
  }
}
