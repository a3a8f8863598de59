import Access
import Export

/// What an export page writes: a list's rows (its entity, filter, sort and columns), or a
/// console result (its statement run again, read only).
public enum ExportSource: Hashable, Sendable {
  case entity(ExportRequest)
  case query(QueryExportRequest)

  public var format: ExportFormat {
    get {
      switch self {
      case .entity(let request): return request.format
      case .query(let request): return request.format
      }
    }
    set {
      switch self {
      case .entity(var request):
        request.format = newValue
        self = .entity(request)
      case .query(var request):
        request.format = newValue
        self = .query(request)
      }
    }
  }
}

/// An export the app runs for a list or the console: what to write, and the file to write
/// it to.
public struct ExportJob: Hashable, Sendable {
  public var source: ExportSource
  /// The file written; the rows go to `path + ".part"` until the last one is written.
  public var path: String
  /// Replace a file already at `path`; without it an existing file is left as it is and the
  /// outcome says so (`ExportOutcome.fileExists`), for the page to ask.
  public var overwrite: Bool

  public init(source: ExportSource, path: String, overwrite: Bool = false) {
    self.source = source
    self.path = path
    self.overwrite = overwrite
  }

  public init(request: ExportRequest, path: String, overwrite: Bool = false) {
    self.init(source: .entity(request), path: path, overwrite: overwrite)
  }

  /// Where the rows go while the export runs (removed when it is cancelled or fails).
  public var partialPath: String { path + ".part" }
}

/// A finished export: the file and the rows written, or nothing written because the file
/// exists and the job does not overwrite it.
public struct ExportOutcome: Hashable, Sendable {
  public var path: String
  public var rows: Int
  public var fileExists: Bool

  public init(path: String, rows: Int, fileExists: Bool = false) {
    self.path = path
    self.rows = rows
    self.fileExists = fileExists
  }
}

/// What an export sends its page: progress (several times), then the outcome.
public enum ExportEvent: Hashable, Sendable {
  case progress(ExportProgress)
  case finished(ExportOutcome)
}

extension ExportJob {
  /// This export as work on the console lane (`ExportRunner`, a connection of its own), its
  /// progress and outcome as `ExportEvent`s; a failure or a cancel as the error.
  func effect<Action: Sendable>(
    _ reply: @escaping @Sendable (Result<ExportEvent, WorkError>) -> Action
  )
    -> Effect<Action>
  {
    .run("export", of: self, lane: .console, { context in try perform(in: context) }, reply: reply)
  }

  /// Runs the export on the lane's `ExportRunner`, sending its progress.
  func perform(in context: WorkContext) throws -> ExportEvent {
    let runner = context.resource(ExportRunner.self) { ExportRunner(opener: context.connectionOpener) }
    let outcome = try runner.export(self) { context.send(ExportEvent.progress($0)) }.get()
    return ExportEvent.finished(outcome)
  }

  /// This export as work, as tests expect it (`Effect.works`).
  public var work: Work { .run(RunWork("export", of: self) { try perform(in: $0) }) }
}
