import Access
import Export
import Foundation
import Synchronization

/// Runs exports on the console lane (a `LaneResource`), each on a connection of its own
/// (the console's may be in the middle of a result), so a long export never holds up pages.
final class ExportRunner: LaneResource, @unchecked Sendable {
  private let opener: @Sendable () throws -> Database
  /// The connection of the export running, if any.
  private let exporting = Mutex<Database?>(nil)

  init(opener: @escaping @Sendable () throws -> Database) {
    self.opener = opener
  }

  /// Interrupts the running export.
  func cancel() {
    exporting.withLock { $0 }?.cancel()
  }

  func release(_ page: PageID) {}

  /// Each export opens its connection and closes it when done: nothing is kept.
  func closeForNextUser() {}

  /// Each export closes its connection when done: none stays to reconnect.
  var openDatabase: Database? { nil }

  /// Writes a list's rows or a console result to `job.partialPath` on a connection of its
  /// own, then renames it to `job.path`; the partial file is removed when the export is
  /// cancelled or fails. A file already at `job.path` is only replaced with `job.overwrite`.
  func export(_ job: ExportJob, progress: @escaping (ExportProgress) -> Void) -> Result<ExportOutcome, WorkError> {
    let clock = ContinuousClock()
    let started = clock.now
    let manager = FileManager.default
    defer {
      let finished = exporting.withLock { held in
        defer { held = nil }
        return held
      }
      finished?.close()
    }
    if !job.overwrite, manager.fileExists(atPath: job.path) {
      return .success(ExportOutcome(path: job.path, rows: 0, fileExists: true))
    }
    do {
      let db = try opener()
      exporting.withLock { $0 = db }
      guard manager.createFile(atPath: job.partialPath, contents: nil),
        let handle = FileHandle(forWritingAtPath: job.partialPath)
      else {
        throw DatabaseError(.statement, "cannot write \(job.partialPath)")
      }
      defer { try? handle.close() }
      let out = OutputBuffer(handle: handle)
      let rows: Int
      switch job.source {
      case .entity(let request):
        let exporter = try Exporter(database: db, request: request)
        let total = try exporter.count()
        progress(ExportProgress(rowsDone: 0, totalRows: total, elapsed: .zero))
        rows = try exporter.run(into: out, batchSize: 5000) { done in
          progress(ExportProgress(rowsDone: done, totalRows: total, elapsed: clock.now - started))
        }
      case .query(let request):
        let exporter = QueryExporter(database: db, request: request)
        let total = exporter.count()
        progress(ExportProgress(rowsDone: 0, totalRows: total, elapsed: .zero))
        rows = try exporter.run(into: out, batchSize: 5000) { done in
          progress(ExportProgress(rowsDone: done, totalRows: total, elapsed: clock.now - started))
        }
      }
      try out.flush()
      try? manager.removeItem(atPath: job.path)
      try manager.moveItem(atPath: job.partialPath, toPath: job.path)
      return .success(ExportOutcome(path: job.path, rows: rows))
    } catch {
      try? manager.removeItem(atPath: job.partialPath)
      return .failure(WorkError(error))
    }
  }
}
